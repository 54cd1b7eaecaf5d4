import { Callout, Checkbox, InputGroup, TextArea } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { createCheckInList, updateCheckInList, type CheckInList, type CheckInListRequest } from './api';
import { FIELDS, initialValues, toRequest, validate } from './checkInListForm';
import { checkInListDialogMessages as m } from './messages';
import { checkInQueries } from './queries';

/** Create (no `list`) or edit a check-in list of `event`; dates typed in the event's time zone. */
export function CheckInListDialog({
  isOpen,
  onClose,
  list,
  event,
}: {
  isOpen: boolean;
  onClose: () => void;
  list: CheckInList | null;
  event: EventDetail;
}) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(list ? m.editTitle : m.createTitle)}
      icon="endorsed"
      className="check-in-dialog"
    >
      <CheckInListForm list={list} event={event} onClose={onClose} />
    </FormDialog>
  );
}

function CheckInListForm({
  list,
  event,
  onClose,
}: {
  list: CheckInList | null;
  event: EventDetail;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const zone = event.timezone;
  const tickets = useQuery(checkInQueries.tickets(event.id));
  const [ticketIds, setTicketIds] = useState<string[]>(list?.ticket_ids ?? []);
  const mutation = useMutation({
    mutationFn: (request: CheckInListRequest) =>
      list ? updateCheckInList(event.id, list.id, request) : createCheckInList(event.id, request),
    onSuccess: async (saved) => {
      toaster.success(m.saved, { name: saved.name });
      await queryClient.invalidateQueries({ queryKey: checkInQueries.lists(event.id).queryKey });
      onClose();
    },
  });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: () => initialValues(list, zone),
    validate: (current) => validate(current, ticketIds, zone),
    onValid: (current) => mutation.mutate(toRequest(current, ticketIds, zone)),
    serverError: mutation.error,
  });
  const name = field('name');
  const description = field('description');
  const activatesAt = field('activates_at', intl.formatMessage(m.datesHelp));
  const expiresAt = field('expires_at', intl.formatMessage(m.datesHelp));
  const ticketField = field('ticket_ids');
  const choices = tickets.data ?? [];
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={name} label={intl.formatMessage(m.name)}>
        <InputGroup {...name.inputProps} autoFocus value={values.name} onChange={set('name')} aria-required />
      </FieldGroup>
      <FieldGroup view={description} label={intl.formatMessage(m.description)}>
        <TextArea
          {...description.inputProps}
          fill
          rows={2}
          value={values.description}
          onChange={(changed) => {
            const text = changed.currentTarget.value;
            setValues((current) => ({ ...current, description: text }));
          }}
        />
      </FieldGroup>
      <div className="form-row">
        <FieldGroup view={activatesAt} label={intl.formatMessage(m.activatesAt, { zone })}>
          <InputGroup
            {...activatesAt.inputProps}
            type="datetime-local"
            value={values.activates_at}
            onChange={set('activates_at')}
          />
        </FieldGroup>
        <FieldGroup view={expiresAt} label={intl.formatMessage(m.expiresAt, { zone })}>
          <InputGroup
            {...expiresAt.inputProps}
            type="datetime-local"
            value={values.expires_at}
            onChange={set('expires_at')}
          />
        </FieldGroup>
      </div>
      <fieldset
        className="check-in-dialog__tickets"
        aria-describedby={ticketField.error ? ticketField.controlProps['aria-describedby'] : undefined}
      >
        <legend>{intl.formatMessage(m.tickets)}</legend>
        {tickets.isSuccess && choices.length === 0 ? (
          <Callout intent="warning" compact>
            {intl.formatMessage(m.noTickets)}
          </Callout>
        ) : null}
        {choices.map((ticket) => (
          <Checkbox
            key={ticket.id}
            checked={ticketIds.includes(ticket.id)}
            label={ticket.title}
            onChange={(changed) => {
              const checked = changed.currentTarget.checked;
              setTicketIds((current) =>
                checked ? [...current, ticket.id] : current.filter((id) => id !== ticket.id),
              );
            }}
          />
        ))}
        {ticketField.error ? (
          <p
            className="check-in-dialog__error"
            id={ticketField.controlProps['aria-describedby']}
            role="alert"
          >
            {ticketField.error}
          </p>
        ) : null}
      </fieldset>
    </DialogForm>
  );
}
