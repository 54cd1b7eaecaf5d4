import { describe, expect, it } from 'vitest';
import { emptyMessage, sendAtOf, toMessageRequest } from './messageForm';

describe('message form', () => {
  it('sends the chosen tickets as holders, trimmed subject, now when no time is given', () => {
    expect(
      toMessageRequest({
        ...emptyMessage,
        subject: ' Doors ',
        content: '<p>Hi</p>',
        'recipients.kind': 'ticket_holders',
        'recipients.ticket_ids': 'tk_1,tk_2',
        copy_to_sender: 'true',
      }),
    ).toEqual({
      subject: 'Doors',
      content: '<p>Hi</p>',
      recipients: { kind: 'ticket_holders', ticket_ids: ['tk_1', 'tk_2'] },
      copy_to_sender: true,
      send_at: null,
      acknowledged_not_promotional: true,
    });
  });

  it('reads a local date and time as an instant', () => {
    expect(sendAtOf('')).toBeNull();
    expect(sendAtOf('2027-03-05T18:00')).toBe(new Date('2027-03-05T18:00').toISOString());
  });
});
