import type { MessageRequest } from './api';

export type MessageField =
  | 'subject'
  | 'content'
  | 'recipients.kind'
  | 'recipients.ticket_ids'
  | 'recipients.attendee_id'
  | 'recipients.order_id'
  | 'send_at'
  | 'copy_to_sender'
  | 'acknowledged_not_promotional';

export const MESSAGE_FIELDS: readonly MessageField[] = [
  'subject',
  'content',
  'recipients.kind',
  'recipients.ticket_ids',
  'recipients.attendee_id',
  'recipients.order_id',
  'send_at',
  'copy_to_sender',
  'acknowledged_not_promotional',
];

export type MessageValues = Record<MessageField, string>;

export const emptyMessage: MessageValues = {
  subject: '',
  content: '',
  'recipients.kind': 'all_attendees',
  'recipients.ticket_ids': '',
  'recipients.attendee_id': '',
  'recipients.order_id': '',
  send_at: '',
  copy_to_sender: 'false',
  acknowledged_not_promotional: 'false',
};

/** `2027-03-05T18:00` typed in the browser's zone, as an ISO instant; empty: now. */
export function sendAtOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function ticketIdsOf(values: MessageValues): string[] {
  return values['recipients.ticket_ids'].split(',').filter(Boolean);
}

/** The form's values as the request (the acknowledgement is checked by the form first). */
export function toMessageRequest(values: MessageValues): MessageRequest {
  const kind = values['recipients.kind'];
  const recipients: MessageRequest['recipients'] =
    kind === 'ticket_holders'
      ? { kind, ticket_ids: ticketIdsOf(values) }
      : kind === 'attendee'
        ? { kind, attendee_id: values['recipients.attendee_id'].trim() }
        : kind === 'order_buyer'
          ? { kind, order_id: values['recipients.order_id'].trim() }
          : { kind: 'all_attendees' };
  return {
    subject: values.subject.trim(),
    content: values.content,
    recipients,
    copy_to_sender: values.copy_to_sender === 'true',
    send_at: sendAtOf(values.send_at),
    acknowledged_not_promotional: true,
  };
}
