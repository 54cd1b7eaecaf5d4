import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { useToaster } from '../../shared/ui/toaster';
import { sendMessage, sendTestMessage, type MessageRequest, type RecipientCandidate } from './api';
import {
  emptyMessage,
  MESSAGE_FIELDS,
  ticketIdsOf,
  toMessageRequest,
  type MessageField,
  type MessageValues,
} from './messageForm';
import { composeMessages as m, messagesPageMessages } from './messages';
import { messageQueries } from './queries';
import { RecipientPicker } from './RecipientPicker';
// The composer opens from the orders and attendees pages too, where the messages page's styles are not loaded.
import './messages.css';

/**
 * The message composer. `recipient` starts it addressed to one attendee or one order's buyer (the order and
 * attendee drawers' "Message …" buttons); otherwise it starts with all attendees.
 */
export function ComposeDialog({
  eventId,
  isOpen,
  onClose,
  recipient,
}: {
  eventId: string;
  isOpen: boolean;
  onClose: () => void;
  recipient?: RecipientCandidate | undefined;
}) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(m.title)}
      icon="envelope"
      className="compose-dialog"
    >
      <ComposeForm eventId={eventId} onClose={onClose} recipient={recipient ?? null} />
    </FormDialog>
  );
}

const isBlankHtml = (html: string) => !html.replace(/<[^>]*>|&nbsp;/g, '').trim();

function validate(values: MessageValues): ClientErrors<MessageField> {
  const errors: ClientErrors<MessageField> = {};
  if (!values.subject.trim()) errors.subject = m.subjectRequired;
  if (isBlankHtml(values.content)) errors.content = m.contentRequired;
  const kind = values['recipients.kind'];
  if (kind === 'ticket_holders' && ticketIdsOf(values).length === 0)
    errors['recipients.ticket_ids'] = m.ticketsRequired;
  if (kind === 'attendee' && !values['recipients.attendee_id'].trim())
    errors['recipients.attendee_id'] = m.attendeeRequired;
  if (kind === 'order_buyer' && !values['recipients.order_id'].trim())
    errors['recipients.order_id'] = m.buyerRequired;
  if (values.acknowledged_not_promotional !== 'true')
    errors.acknowledged_not_promotional = m.acknowledgeRequired;
  return errors;
}

/** The form's starting values: all attendees, or the one person the composer was opened for. */
function initialValues(recipient: RecipientCandidate | null): MessageValues {
  if (!recipient) return emptyMessage;
  return {
    ...emptyMessage,
    'recipients.kind': recipient.kind,
    ...(recipient.kind === 'attendee'
      ? { 'recipients.attendee_id': recipient.id }
      : { 'recipients.order_id': recipient.id }),
  };
}

function ComposeForm({
  eventId,
  onClose,
  recipient,
}: {
  eventId: string;
  onClose: () => void;
  recipient: RecipientCandidate | null;
}) {
  const intl = useIntl();
  const [person, setPerson] = useState<RecipientCandidate | null>(recipient);
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const tickets = useQuery(messageQueries.tickets(eventId));
  const mutation = useMutation({
    mutationFn: (request: MessageRequest) => sendMessage(eventId, request),
    onSuccess: async (sent) => {
      toaster.success(sent.state === 'scheduled' ? m.scheduled : m.sent);
      await queryClient.invalidateQueries({ queryKey: messageQueries.all });
      onClose();
    },
  });
  const test = useMutation({
    mutationFn: (request: { subject: string; content: string }) => sendTestMessage(eventId, request),
    onSuccess: (sent) => toaster.success(m.testSent, { email: sent.sent_to }),
    onError: () => toaster.danger(m.testFailed),
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: MESSAGE_FIELDS,
    initial: () => initialValues(recipient),
    validate,
    onValid: (current) => mutation.mutate(toMessageRequest(current)),
    serverError: mutation.error,
  });
  // The editor and the checkboxes hand over a value, not an input's change event: `set` also clears the
  // field's error, so they go through it.
  const setValue = (name: MessageField, value: string) =>
    set(name)({ target: { value } } as ChangeEvent<HTMLInputElement>);
  const subject = field('subject');
  const content = field('content');
  const kind = field('recipients.kind');
  const ticketIds = field('recipients.ticket_ids');
  const attendee = field('recipients.attendee_id', intl.formatMessage(m.attendeeHelp));
  const order = field('recipients.order_id', intl.formatMessage(m.buyerHelp));
  const choose = (candidate: RecipientCandidate | null) => {
    setPerson(candidate);
    const name = values['recipients.kind'] === 'attendee' ? 'recipients.attendee_id' : 'recipients.order_id';
    setValue(name, candidate?.id ?? '');
  };
  const sendAt = field('send_at', intl.formatMessage(m.sendAtHelp));
  const acknowledged = field('acknowledged_not_promotional');
  const chosen = new Set(ticketIdsOf(values));
  const toggleTicket = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setValue('recipients.ticket_ids', [...next].join(','));
  };
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.send}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={subject} label={intl.formatMessage(m.subject)}>
        <InputGroup
          {...subject.inputProps}
          autoFocus
          value={values.subject}
          onChange={set('subject')}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={content} label={intl.formatMessage(m.content)}>
        <RichTextEditor
          id={content.controlProps.id}
          label={intl.formatMessage(m.content)}
          invalid={Boolean(content.error)}
          describedBy={content.controlProps['aria-describedby']}
          value={values.content}
          onChange={(html) => setValue('content', html)}
          minHeight={140}
        />
      </FieldGroup>
      <Button
        className="compose-test"
        icon="send-message"
        text={intl.formatMessage(m.sendTest)}
        loading={test.isPending}
        disabled={!values.subject.trim() || isBlankHtml(values.content)}
        onClick={() => test.mutate({ subject: values.subject.trim(), content: values.content })}
      />
      <FieldGroup view={kind} label={intl.formatMessage(m.recipients)}>
        <HTMLSelect
          {...kind.controlProps}
          fill
          value={values['recipients.kind']}
          onChange={(changed) => {
            // Another kind of recipient: whoever was picked for the previous one no longer applies.
            setPerson(null);
            setValue('recipients.attendee_id', '');
            setValue('recipients.order_id', '');
            set('recipients.kind')(changed);
          }}
        >
          <option value="all_attendees">{intl.formatMessage(messagesPageMessages.toAll)}</option>
          <option value="ticket_holders">{intl.formatMessage(m.tickets)}</option>
          <option value="attendee">{intl.formatMessage(messagesPageMessages.toAttendee)}</option>
          <option value="order_buyer">{intl.formatMessage(messagesPageMessages.toBuyer)}</option>
        </HTMLSelect>
      </FieldGroup>
      {values['recipients.kind'] === 'ticket_holders' && (
        <FieldGroup view={ticketIds} label={intl.formatMessage(m.tickets)}>
          <div className="compose-tickets" role="group" id={ticketIds.controlProps.id}>
            {(tickets.data ?? []).map((ticket) => (
              <Checkbox
                key={ticket.id}
                label={ticket.title}
                checked={chosen.has(ticket.id)}
                onChange={(changed) => toggleTicket(ticket.id, changed.currentTarget.checked)}
              />
            ))}
          </div>
        </FieldGroup>
      )}
      {values['recipients.kind'] === 'attendee' && (
        <FieldGroup view={attendee} label={intl.formatMessage(m.attendee)}>
          <RecipientPicker
            eventId={eventId}
            kind="attendee"
            view={attendee}
            chosen={person}
            onChoose={choose}
          />
        </FieldGroup>
      )}
      {values['recipients.kind'] === 'order_buyer' && (
        <FieldGroup view={order} label={intl.formatMessage(m.buyer)}>
          <RecipientPicker
            eventId={eventId}
            kind="order_buyer"
            view={order}
            chosen={person}
            onChoose={choose}
          />
        </FieldGroup>
      )}
      <FieldGroup view={sendAt} label={intl.formatMessage(m.sendAt)}>
        <InputGroup
          {...sendAt.inputProps}
          type="datetime-local"
          value={values.send_at}
          onChange={set('send_at')}
        />
      </FieldGroup>
      <Checkbox
        label={intl.formatMessage(m.copyToSender)}
        checked={values.copy_to_sender === 'true'}
        onChange={(changed) => setValue('copy_to_sender', String(changed.currentTarget.checked))}
      />
      <FieldGroup view={acknowledged} label="">
        <Checkbox
          {...acknowledged.controlProps}
          label={intl.formatMessage(m.acknowledge)}
          checked={values.acknowledged_not_promotional === 'true'}
          onChange={(changed) =>
            setValue('acknowledged_not_promotional', String(changed.currentTarget.checked))
          }
        />
      </FieldGroup>
    </DialogForm>
  );
}
