import { describe, expect, it } from 'vitest';
import { mailCatalogs, supportedLocales } from './locales';
import { en } from './locales/en';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  intlFor,
  mailEventTime,
  mailSay,
  renderMail,
  type MailTemplate,
  type MailTemplates,
} from './templates';

const examples: { [T in MailTemplate]: MailTemplates[T] } = {
  confirm_email: {
    name: 'Ada',
    email: 'ada@example.test',
    link: 'https://t.example/manage/profile/confirm-email-address/abc',
    validForMs: 7 * 86_400_000,
  },
  confirm_email_change: {
    name: 'Ada',
    email: 'new@example.test',
    link: 'https://t.example/manage/profile/confirm-email-change/abc',
    validForMs: 86_400_000,
  },
  reset_password: {
    name: 'Ada',
    email: 'ada@example.test',
    link: 'https://t.example/auth/reset-password/abc',
    validForMs: 3_600_000,
  },
  invitation: {
    name: '',
    inviter: 'Olivia Owner',
    account: 'Harbour Events',
    role: 'ORGANIZER',
    link: 'https://t.example/auth/accept-invitation/abc',
    validForMs: 7 * 86_400_000,
  },
  password_changed: {
    name: 'Ada',
    email: 'ada@example.test',
    link: 'https://t.example/auth/forgot-password',
  },
  sign_up_attempt: {
    name: 'Ada',
    email: 'ada@example.test',
    link: 'https://t.example/auth/login',
    resetLink: 'https://t.example/auth/forgot-password',
  },
  order_refund: {
    name: 'Ada',
    event: 'Harbour Lights',
    reference: 'ABCD1234',
    amount: '€25.00',
    late: true,
    link: 'https://t.example/checkout/ev_1/abc/summary',
  },
  order_confirmation: {
    name: 'Ada',
    event: 'Harbour Lights',
    when: 'Friday, 5 March 2027 at 18:00 (Europe/Berlin)',
    reference: 'K3V9X2M4',
    total: '€50.00',
    summary: {
      currency: 'EUR',
      rows: [
        { kind: 'line', key: 'tk_1:', quantity: 2, title: 'Standing <front>', amount: 5000 },
        { kind: 'discount', code: 'EARLY', amount: 500 },
        { kind: 'subtotal', amount: 4500 },
        { kind: 'fee', name: 'Booking fee', amount: 200 },
        { kind: 'addedTaxes', amount: 42 },
        { kind: 'total', amount: 4742 },
        { kind: 'includedTax', name: 'VAT', amount: 823 },
      ],
    },
    awaitingPayment: true,
    instructions: 'Transfer to IBAN DE00 1234',
    link: 'https://t.example/checkout/ev_1/abc/summary',
    invoice: 'RE-2027-00001',
  },
  order_ticket: {
    name: 'Bob',
    event: 'Harbour Lights',
    ticket: 'Standing',
    when: 'Friday, 5 March 2027, 18:00',
    link: 'https://t.example/ticket/ev_1/abc',
    pdfLink: 'https://t.example/api/public/events/ev_1/attendees/abc/ticket.pdf',
  },
  order_cancelled: {
    name: 'Ada',
    event: 'Harbour Lights',
    reference: 'K3V9X2M4',
    link: 'https://t.example/checkout/ev_1/abc/summary',
  },
  order_invoice: {
    name: 'Ada',
    event: 'Harbour Lights',
    number: 'RE-2027-00001',
    link: 'https://t.example/checkout/ev_1/abc/summary',
  },
  order_credit_note: {
    name: 'Ada',
    event: 'Harbour Lights',
    number: 'RE-2027-00002',
    cancels: 'RE-2027-00001',
    link: 'https://t.example/checkout/ev_1/abc/summary',
  },
  waiting_list_offer: {
    name: 'Wim Waiter',
    event: 'Harbour Lights',
    ticket: 'Standing',
    quantity: 2,
    expires: '6 March 2027, 12:00 (Europe/Berlin)',
    link: 'https://t.example/e/harbour-lights/waiting/wl_1?t=abc',
  },
  order_notification: {
    name: 'Harbour Collective',
    event: 'Harbour Lights',
    reference: 'K3V9X2M4',
    buyer: 'Ada Lovelace',
    total: '€50.00',
    link: 'https://t.example/manage/event/ev_1/orders',
  },
};

describe('mail templates', () => {
  it('exist in every offered locale with every message', () => {
    for (const locale of supportedLocales)
      expect(Object.keys(mailCatalogs[locale].messages).sort()).toEqual(Object.keys(en).sort());
  });

  it('render every template in every locale as text and HTML with its link', () => {
    for (const locale of supportedLocales) {
      for (const template of Object.keys(examples) as MailTemplate[]) {
        const mail = renderMail(template, locale, examples[template] as never);
        expect(mail.subject.length, `${template}/${locale}`).toBeGreaterThan(5);
        expect(mail.text).toContain(examples[template].link);
        expect(mail.html).toContain(`href="${examples[template].link}"`);
        expect(mail.html).toContain(`lang="${mailCatalogs[locale].tag}"`);
      }
    }
  });

  it('write in the recipient language, with plural-aware validity', () => {
    const german = renderMail('reset_password', 'de', examples.reset_password);
    expect(german.subject).toBe('Setzen Sie Ihr Passwort zurück');
    expect(german.text).toContain('Hallo Ada,');
    expect(german.text).toContain('1 Stunde');
    const english = renderMail('confirm_email', 'en', examples.confirm_email);
    expect(english.text).toContain('The link works for 7 days and only once.');
    const invitation = renderMail('invitation', 'fr', examples.invitation);
    expect(invitation.subject).toBe('Olivia Owner vous invite à rejoindre Harbour Events');
    expect(invitation.text.startsWith('Bonjour,')).toBe(true);
  });

  it('tell the owner of an address of a sign-up attempt: log in, or reset a forgotten password', () => {
    const english = renderMail('sign_up_attempt', 'en', examples.sign_up_attempt);
    expect(english.subject).toBe('Someone tried to sign up with your email address');
    expect(english.text).toContain('with ada@example.test. This address already has an account');
    expect(english.text).toContain('Log in: https://t.example/auth/login');
    expect(english.text).toContain('choose a new one: https://t.example/auth/forgot-password');
    expect(english.html).toContain('href="https://t.example/auth/login"');
    const german = renderMail('sign_up_attempt', 'de', examples.sign_up_attempt);
    expect(german.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren');
    expect(german.text).toContain('Hallo Ada,');
    expect(german.text).toContain('Wenn Sie das waren, melden Sie sich mit Ihrem Passwort an.');
  });

  it('fall back to English for a language not offered', () => {
    expect(renderMail('reset_password', 'tlh', examples.reset_password).subject).toBe('Reset your password');
  });

  it("show the order's summary rows in the confirmation, the discount taken off once", () => {
    const mail = renderMail('order_confirmation', 'en', examples.order_confirmation);
    expect(mail.text).toContain(
      [
        'Your order',
        '2 × Standing <front>: €50.00',
        'Discount (EARLY): −€5.00',
        'Subtotal: €45.00',
        'Booking fee: €2.00',
        'Additional taxes: €0.42',
        'Total: €47.42',
        'Includes VAT: €8.23',
      ].join('\n'),
    );
    expect(mail.html).toContain('2 × Standing &lt;front&gt;</td>');
    expect(mail.html).toContain('−€5.00</td>');
    const german = renderMail('order_confirmation', 'de', examples.order_confirmation);
    expect(german.text).toContain('Rabatt (EARLY): −5,00');
    expect(german.text).toContain('Enthält VAT: 8,23');
  });

  it("name the event's time zone wherever an order or ticket mail says when it starts", () => {
    const start = new Date('2027-03-05T17:00:00Z');
    expect(mailEventTime('en', 'Europe/Berlin', start)).toBe(
      'Friday, March 5, 2027 at 6:00 PM (Europe/Berlin)',
    );
    expect(mailEventTime('de', 'America/New_York', start)).toBe(
      'Freitag, 5. März 2027 um 12:00 (America/New_York)',
    );
    expect(mailEventTime('zh-cn', 'Asia/Shanghai', start)).toContain('（Asia/Shanghai）');
    const confirmation = renderMail('order_confirmation', 'en', examples.order_confirmation);
    expect(confirmation.text).toContain(
      'Harbour Lights starts on Friday, 5 March 2027 at 18:00 (Europe/Berlin).',
    );
  });

  it('tell the buyer in their language that the order was cancelled', () => {
    expect(renderMail('order_cancelled', 'en', examples.order_cancelled).subject).toBe(
      'Your order K3V9X2M4 for Harbour Lights was cancelled',
    );
    const german = renderMail('order_cancelled', 'de', examples.order_cancelled);
    expect(german.subject).toBe('Ihre Bestellung K3V9X2M4 für Harbour Lights wurde storniert');
    expect(german.text).toContain('Ihre Tickets sind nicht mehr gültig.');
  });

  it('escape what people typed in the HTML', () => {
    const mail = renderMail('invitation', 'en', {
      ...examples.invitation,
      inviter: '<script>alert(1)</script>',
      account: 'Tom & "Jerry"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(mail.text).toContain('<script>alert(1)</script> invited you to join Tom & "Jerry"');
  });
});

describe('mailSay', () => {
  /** Every argument of a message with a value of its kind: a number where it is counted or formatted as one. */
  const argumentsOf = (
    elements: readonly MessageFormatElement[],
    values: Record<string, string | number>,
  ) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) values[element.value] ??= `‹${element.value}›`;
      if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 3;
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) argumentsOf(option.value, values);
      if (element.type === TYPE.select) values[element.value] = 'other';
      if (element.type === TYPE.tag) argumentsOf(element.children, values);
    }
    return values;
  };

  it('says every message of every language exactly as formatMessage does', () => {
    for (const locale of supportedLocales) {
      const intl = intlFor(locale);
      const say = mailSay(locale);
      for (const [key, message] of Object.entries(mailCatalogs[locale].messages)) {
        const values = argumentsOf(parse(message), {});
        const id = key as keyof typeof en;
        expect(say(id, values)).toBe(intl.formatMessage({ id }, values));
        // Twice: the second time from the formatter it kept.
        expect(say(id, values)).toBe(intl.formatMessage({ id }, values));
      }
    }
  });
});
