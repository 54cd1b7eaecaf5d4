import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { ListPage } from '../../shared/ui/ListPage';
import { useToaster } from '../../shared/ui/toaster';
import { cancelMessage, type Message } from './api';
import { ComposeDialog } from './ComposeDialog';
import { messagesPageMessages as m } from './messages';
import { messageQueries } from './queries';
import './messages.css';

const stateIntent: Record<Message['state'], Intent> = {
  scheduled: 'primary',
  sending: 'warning',
  sent: 'success',
  cancelled: 'none',
};
const stateLabel = {
  scheduled: m.stateScheduled,
  sending: m.stateSending,
  sent: m.stateSent,
  cancelled: m.stateCancelled,
} as const;

/** `/manage/event/{eventId}/messages`: the message history with delivery counts, and the composer. */
export function MessagesPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(messageQueries.list(event.id));
  const [composing, setComposing] = useState(false);
  const [opened, setOpened] = useState(0);
  const [showing, setShowing] = useState<Message | null>(null);
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (message: Message) => cancelMessage(event.id, message.id),
    onSuccess: async () => {
      toaster.show(m.cancelled);
      await queryClient.invalidateQueries({ queryKey: messageQueries.all });
    },
    onError: () => toaster.danger(m.cancelFailed),
  });
  const messages = list.data ?? [];
  const recipientsOf = (message: Message) => {
    switch (message.recipients.kind) {
      case 'all_attendees':
        return intl.formatMessage(m.toAll);
      case 'ticket_holders':
        return intl.formatMessage(m.toTickets, { count: message.recipients.ticket_ids.length });
      case 'attendee':
        return intl.formatMessage(m.toAttendee);
      case 'order_buyer':
        return intl.formatMessage(m.toBuyer);
    }
  };
  return (
    <>
      <ListPage
        className="messages-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <Button
            intent="primary"
            icon="envelope"
            text={intl.formatMessage(m.compose)}
            onClick={() => {
              setOpened((count) => count + 1);
              setComposing(true);
            }}
          />
        }
        above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
        query={list}
        isEmpty={list.isSuccess && messages.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="envelope" title={intl.formatMessage(m.empty)} />}
      >
        <div className="table-scroll">
          <HTMLTable className="messages-table" striped aria-label={intl.formatMessage(m.tableLabel)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnSubject)}</th>
                <th scope="col">{intl.formatMessage(m.columnRecipients)}</th>
                <th scope="col">{intl.formatMessage(m.columnState)}</th>
                <th scope="col">{intl.formatMessage(m.columnDelivery)}</th>
                <th scope="col">{intl.formatMessage(m.columnWhen)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id}>
                  <td className="messages-table__subject">
                    <strong>{message.subject}</strong>
                  </td>
                  <td>{recipientsOf(message)}</td>
                  <td>
                    <Tag minimal round intent={stateIntent[message.state]}>
                      {intl.formatMessage(stateLabel[message.state])}
                    </Tag>
                  </td>
                  <td>
                    {message.counts.recipients === null
                      ? '–'
                      : intl.formatMessage(m.delivery, {
                          sent: message.counts.sent,
                          total: message.counts.recipients,
                        })}
                    {message.counts.failed > 0 && (
                      <Tag minimal intent="danger" className="messages-table__failed">
                        {intl.formatMessage(m.failedCount, { count: message.counts.failed })}
                      </Tag>
                    )}
                  </td>
                  <td>{intl.formatDate(message.send_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                  <td className="messages-table__actions">
                    <Button
                      variant="minimal"
                      icon="people"
                      aria-label={intl.formatMessage(m.showRecipients, { subject: message.subject })}
                      title={intl.formatMessage(m.showRecipients, { subject: message.subject })}
                      onClick={() => setShowing(message)}
                    />
                    {message.state === 'scheduled' && (
                      <Button
                        variant="minimal"
                        icon="disable"
                        intent="danger"
                        aria-label={intl.formatMessage(m.cancel, { subject: message.subject })}
                        title={intl.formatMessage(m.cancel, { subject: message.subject })}
                        loading={cancel.isPending && cancel.variables?.id === message.id}
                        onClick={() => cancel.mutate(message)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListPage>
      <ComposeDialog key={opened} eventId={event.id} isOpen={composing} onClose={() => setComposing(false)} />
      <RecipientsDialog eventId={event.id} message={showing} onClose={() => setShowing(null)} />
    </>
  );
}

function RecipientsDialog({
  eventId,
  message,
  onClose,
}: {
  eventId: string;
  message: Message | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const recipients = useQuery({
    ...messageQueries.recipients(eventId, message?.id ?? ''),
    enabled: message !== null,
  });
  const stateText = { queued: m.recipientQueued, sent: m.recipientSent, failed: m.recipientFailed } as const;
  const stateTag: Record<string, Intent> = { queued: 'warning', sent: 'success', failed: 'danger' };
  return (
    <Dialog
      isOpen={message !== null}
      onClose={onClose}
      title={message ? intl.formatMessage(m.showRecipients, { subject: message.subject }) : ''}
      icon="people"
    >
      <DialogBody>
        {recipients.isPending ? (
          <Spinner size={24} aria-label={intl.formatMessage(m.recipientsLoading)} />
        ) : (recipients.data ?? []).length === 0 ? (
          <p>{intl.formatMessage(m.recipientsEmpty)}</p>
        ) : (
          <HTMLTable
            compact
            striped
            className="messages-recipients"
            aria-label={intl.formatMessage(m.recipientsTitle)}
          >
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.recipientEmail)}</th>
                <th scope="col">{intl.formatMessage(m.recipientState)}</th>
              </tr>
            </thead>
            <tbody>
              {(recipients.data ?? []).map((recipient) => (
                <tr key={recipient.id}>
                  <td className="messages-recipients__email">{recipient.email}</td>
                  <td>
                    <Tag minimal intent={stateTag[recipient.state] ?? 'none'}>
                      {intl.formatMessage(stateText[recipient.state])}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={intl.formatMessage(m.close)} onClick={onClose} />} />
    </Dialog>
  );
}
