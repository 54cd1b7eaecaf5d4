import { describe, expect, it } from 'vitest';
import { fillPlaceholders, renderOrderMail, sampleOrderMailData, unknownPlaceholders } from './orderMail';

describe('order mail templates', () => {
  it('fills known placeholders, escaping values in HTML, and leaves unknown ones as written', () => {
    const values = { 'order.reference': '<b>R&1</b>' };
    expect(fillPlaceholders('Ref {{order.reference}} / {{ order.reference }} / {{ nope }}', values)).toBe(
      'Ref <b>R&1</b> / <b>R&1</b> / {{ nope }}',
    );
    expect(fillPlaceholders('{{ order.reference }}', values, (v) => v.replace(/</g, '&lt;'))).toBe(
      '&lt;b>R&1&lt;/b>',
    );
  });

  it('names placeholders the kind does not offer, expressions included (nothing is evaluated)', () => {
    expect(unknownPlaceholders('order_ticket', 'Hi {{ attendee.first_name }}')).toEqual([]);
    expect(unknownPlaceholders('order_ticket', '{{ order.total }} {{ constructor.constructor }}')).toEqual([
      'order.total',
      'constructor.constructor',
    ]);
    expect(unknownPlaceholders('order_confirmation', "{{ process.exit(1) }} {{ 'a' + 1 }}")).toEqual([
      'process.exit(1)',
      "'a' + 1",
    ]);
  });

  it('renders the organizer text in the frame of the buyer language, without unsafe markup', () => {
    const data = sampleOrderMailData('order_ticket', 'de');
    const mail = renderOrderMail(
      {
        subject: 'Ticket for {{ attendee.first_name }} – {{ event.title }}',
        body: '<p>Hello {{ attendee.first_name }}<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      },
      data,
    );
    expect(mail.subject).toBe('Ticket for Alex – Harbour Lights');
    expect(mail.html).toContain('<p>Hello Alex');
    expect(mail.html).not.toMatch(/<script|onerror/);
    expect(mail.html).toContain('src="cid:ticket-qr"');
    expect(mail.text).toContain('Ticket öffnen: https://tickets.example/sample');
  });
});
