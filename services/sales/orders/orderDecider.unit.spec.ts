import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import type { Question } from '../../catalog/questions/questionEvents';
import { orderDecider, type CompleteOrder, type SubmitOrderDetails } from './orderDecider';
import type { CompanyInvoiceDetails, OrderEvent, OrderPlaced } from './orderEvents';

const spec = deciderSpec(orderDecider);
const placedAt = new Date('2026-03-01T10:00:00.000Z');
const expiresAt = new Date('2026-03-01T10:15:00.000Z');
const before = new Date('2026-03-01T10:10:00.000Z');
const after = new Date('2026-03-01T10:15:00.000Z');

function placed(total = 2000): OrderPlaced {
  return {
    type: 'OrderPlaced',
    data: {
      eventId: 'ev_1',
      orderId: 'or_1',
      accountId: 'ac_1',
      shortId: 'abcdefghjkmnpqrstvwx',
      reference: 'ABCD1234',
      holdId: 'ho_1',
      locale: 'en',
      promoCodeId: null,
      promoCode: null,
      affiliateCode: null,
      currency: 'EUR',
      displayMode: 'INCLUSIVE',
      lines: [
        {
          ticketId: 'tk_1',
          tierId: null,
          ticketTitle: 'Entry',
          tierLabel: null,
          quantity: 2,
          unitPrice: total / 2,
          base: total,
          discount: 0,
          price: total,
          feeTotal: 0,
          taxTotal: 0,
          total,
          taxes: [],
          fees: [],
        },
      ],
      totals: { subtotal: total, discountTotal: 0, feeTotal: 0, taxTotal: 0, total, taxes: [], fees: [] },
      attendees: [
        { attendeeId: 'at_1', shortId: 'a0000000000000000001', ticketId: 'tk_1', tierId: null },
        { attendeeId: 'at_2', shortId: 'a0000000000000000002', ticketId: 'tk_1', tierId: null },
      ],
      expiresAt: expiresAt.toISOString(),
      placedAt: placedAt.toISOString(),
    },
  };
}

const person = (first: string) => ({
  firstName: first,
  lastName: 'Doe',
  email: `${first.toLowerCase()}@example.com`,
});

const dietQuestion: Question = {
  questionId: 'qu_1',
  title: 'Diet',
  description: null,
  type: 'SINGLE_LINE_TEXT',
  options: [],
  required: true,
  hidden: false,
  askedPer: 'ATTENDEE',
  applicableTicketIds: [],
};

function submit(overrides: Partial<SubmitOrderDetails> = {}): SubmitOrderDetails {
  return {
    type: 'SubmitOrderDetails',
    orderId: 'or_1',
    buyer: person('Ann'),
    locale: 'de',
    answers: {},
    attendees: [
      { ...person('Ann'), answers: {} },
      { ...person('Bob'), answers: {} },
    ],
    termsAgreed: true,
    company: null,
    questions: [],
    now: before,
    ...overrides,
  };
}

const details: OrderEvent = {
  type: 'OrderDetailsSubmitted',
  data: {
    eventId: 'ev_1',
    orderId: 'or_1',
    buyer: person('Ann'),
    locale: 'de',
    answers: {},
    attendees: [
      { attendeeId: 'at_1', ...person('Ann'), answers: {} },
      { attendeeId: 'at_2', ...person('Bob'), answers: {} },
    ],
    submittedAt: before.toISOString(),
  },
};

const complete = (overrides: Partial<CompleteOrder> = {}): CompleteOrder => ({
  type: 'CompleteOrder',
  orderId: 'or_1',
  paymentMethod: 'OFFLINE',
  offlinePaymentsEnabled: true,
  cardPaymentsEnabled: false,
  now: before,
  ...overrides,
});

const awaiting: OrderEvent = {
  type: 'OrderAwaitingOfflinePayment',
  data: { eventId: 'ev_1', orderId: 'or_1', completedAt: before.toISOString() },
};

describe('the order', () => {
  it('is placed once: a replay with the same order id is quiet', () => {
    spec.given([]).when({ type: 'PlaceOrder', order: placed().data }).then([placed()]);
    spec.given([placed()]).when({ type: 'PlaceOrder', order: placed().data }).thenNothingHappened();
  });

  it('takes the buyer and attendee details while the hold lasts', () => {
    spec.given([placed()]).when(submit()).then([details]);
  });

  it('refuses details once expired (lazy: expiresAt <= now, no timer needed)', () => {
    spec
      .given([placed()])
      .when(submit({ now: after }))
      .thenRefused('order_expired');
  });

  it('refuses details unless the terms are agreed', () => {
    spec
      .given([placed()])
      .when(submit({ termsAgreed: false }))
      .thenRefused('terms_not_agreed', ['terms_agreed']);
  });

  it('refuses a missing answer to a required question, per attendee', () => {
    spec
      .given([placed()])
      .when(submit({ questions: [dietQuestion] }))
      .thenRefused('validation_failed', ['attendees.0.qu_1', 'attendees.1.qu_1']);
  });

  it('refuses details for another number of attendees', () => {
    spec
      .given([placed()])
      .when(submit({ attendees: [{ ...person('Ann'), answers: {} }] }))
      .thenRefused('validation_failed', ['attendees']);
  });

  it('cannot complete before the details are in', () => {
    spec.given([placed()]).when(complete()).thenRefused('order_details_missing');
  });

  it('completes a free order at once, whatever method was asked', () => {
    spec
      .given([placed(0), details])
      .when(complete({ paymentMethod: 'FREE' }))
      .then([
        {
          type: 'OrderCompleted',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            paymentMethod: 'FREE',
            completedAt: before.toISOString(),
          },
        },
      ]);
  });

  it('leaves a paid order with the offline method awaiting payment', () => {
    spec.given([placed(), details]).when(complete()).then([awaiting]);
  });

  it('refuses the offline method when the event does not offer it, and card payments (issue 13)', () => {
    spec
      .given([placed(), details])
      .when(complete({ offlinePaymentsEnabled: false }))
      .thenRefused('payment_method_unavailable');
    spec
      .given([placed(), details])
      .when(complete({ paymentMethod: 'CARD' }))
      .thenRefused('payment_method_unavailable');
    spec
      .given([placed(), details])
      .when(complete({ paymentMethod: 'FREE' }))
      .thenRefused('payment_method_unavailable');
  });

  it('refuses a completion after expiry', () => {
    spec
      .given([placed(), details])
      .when(complete({ now: after }))
      .thenRefused('order_expired');
  });

  it('a repeated completion is quiet; another command on a processed order is refused', () => {
    spec.given([placed(), details, awaiting]).when(complete()).thenNothingHappened();
    spec.given([placed(), details, awaiting]).when(submit()).thenRefused('order_already_processed');
  });

  it('is marked paid by a member once; only an order awaiting payment', () => {
    const paid: OrderEvent = {
      type: 'OrderMarkedPaid',
      data: { eventId: 'ev_1', orderId: 'or_1', markedBy: 'us_1', paidAt: before.toISOString() },
    };
    spec
      .given([placed(), details, awaiting])
      .when({ type: 'MarkOrderPaid', orderId: 'or_1', by: 'us_1', now: before })
      .then([paid]);
    spec
      .given([placed(), details, awaiting, paid])
      .when({ type: 'MarkOrderPaid', orderId: 'or_1', by: 'us_1', now: before })
      .thenNothingHappened();
    spec
      .given([placed()])
      .when({ type: 'MarkOrderPaid', orderId: 'or_1', by: 'us_1', now: before })
      .thenRefused('order_not_awaiting_payment');
  });

  it('an order paid (or free) at checkout cannot be marked paid: it has already been paid', () => {
    const markPaid = { type: 'MarkOrderPaid' as const, orderId: 'or_1', by: 'us_1', now: before };
    for (const paymentMethod of ['FREE', 'CARD', 'OFFLINE'] as const) {
      const completed: OrderEvent = {
        type: 'OrderCompleted',
        data: { eventId: 'ev_1', orderId: 'or_1', paymentMethod, completedAt: before.toISOString() },
      };
      spec.given([placed(), details, completed]).when(markPaid).thenRefused('order_already_paid');
    }
  });

  it('is extended while open, not once expired', () => {
    const later = new Date('2026-03-01T10:30:00.000Z');
    spec
      .given([placed()])
      .when({ type: 'ExtendOrder', orderId: 'or_1', expiresAt: later, now: before })
      .then([
        {
          type: 'OrderHoldExtended',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            expiresAt: later.toISOString(),
            extendedAt: before.toISOString(),
          },
        },
      ]);
    spec
      .given([placed()])
      .when({ type: 'ExtendOrder', orderId: 'or_1', expiresAt: later, now: after })
      .thenRefused('order_expired');
  });

  it('expires only when open and past its expiry (the reactor may ask early or twice)', () => {
    const expired: OrderEvent = {
      type: 'OrderExpired',
      data: { eventId: 'ev_1', orderId: 'or_1', expiredAt: after.toISOString() },
    };
    spec.given([placed()]).when({ type: 'ExpireOrder', orderId: 'or_1', now: before }).thenNothingHappened();
    spec.given([placed()]).when({ type: 'ExpireOrder', orderId: 'or_1', now: after }).then([expired]);
    spec
      .given([placed(), expired])
      .when({ type: 'ExpireOrder', orderId: 'or_1', now: after })
      .thenNothingHappened();
    spec
      .given([placed(), details, awaiting])
      .when({ type: 'ExpireOrder', orderId: 'or_1', now: after })
      .thenNothingHappened();
  });

  it('is abandoned when the buyer starts another order; a later command says expired', () => {
    const abandoned: OrderEvent = {
      type: 'OrderAbandoned',
      data: { eventId: 'ev_1', orderId: 'or_1', replacedBy: 'or_2', abandonedAt: before.toISOString() },
    };
    spec
      .given([placed()])
      .when({ type: 'AbandonOrder', orderId: 'or_1', replacedBy: 'or_2', now: before })
      .then([abandoned]);
    spec.given([placed(), abandoned]).when(submit()).thenRefused('order_expired');
    spec
      .given([placed(), details, awaiting])
      .when({ type: 'AbandonOrder', orderId: 'or_1', replacedBy: 'or_2', now: before })
      .thenNothingHappened();
  });

  it('is cancelled once it went through; not while open', () => {
    const cancel = { type: 'CancelOrder' as const, orderId: 'or_1', by: 'us_1', now: before };
    const cancelled: OrderEvent = {
      type: 'OrderCancelled',
      data: { eventId: 'ev_1', orderId: 'or_1', cancelledBy: 'us_1', cancelledAt: before.toISOString() },
    };
    spec.given([placed(), details, awaiting]).when(cancel).then([cancelled]);
    // Issue 14's bad input: cancelling a cancelled order is a 409 (a retried request replays by Idempotency-Key).
    spec.given([placed(), details, awaiting, cancelled]).when(cancel).thenRefused('order_cancelled');
    spec.given([placed()]).when(cancel).thenRefused('order_not_cancellable');
    spec.given([placed(), details, awaiting, cancelled]).when(complete()).thenRefused('order_cancelled');
  });

  it('cancels and reactivates one attendee', () => {
    const cancelAttendee = {
      type: 'CancelAttendee' as const,
      orderId: 'or_1',
      attendeeId: 'at_2',
      by: 'us_1',
      now: before,
    };
    const cancelled: OrderEvent = {
      type: 'AttendeeCancelled',
      data: {
        eventId: 'ev_1',
        orderId: 'or_1',
        attendeeId: 'at_2',
        cancelledBy: 'us_1',
        cancelledAt: before.toISOString(),
      },
    };
    spec.given([placed(), details, awaiting]).when(cancelAttendee).then([cancelled]);
    spec
      .given([placed(), details, awaiting, cancelled])
      .when(cancelAttendee)
      .thenRefused('attendee_cancelled');
    spec
      .given([placed(), details, awaiting, cancelled])
      .when({ type: 'ReactivateAttendee', orderId: 'or_1', attendeeId: 'at_2', by: 'us_1', now: before })
      .then([
        {
          type: 'AttendeeReactivated',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            attendeeId: 'at_2',
            reactivatedBy: 'us_1',
            reactivatedAt: before.toISOString(),
          },
        },
      ]);
    spec
      .given([placed(), details, awaiting])
      .when({ ...cancelAttendee, attendeeId: 'at_9' })
      .thenRefused('attendee_not_found');
  });

  const completed: OrderEvent = {
    type: 'OrderCompleted',
    data: { eventId: 'ev_1', orderId: 'or_1', paymentMethod: 'FREE', completedAt: before.toISOString() },
  };
  const cancelledOrder: OrderEvent = {
    type: 'OrderCancelled',
    data: { eventId: 'ev_1', orderId: 'or_1', cancelledBy: 'us_1', cancelledAt: before.toISOString() },
  };

  it("changes the buyer's details once they exist; the same details change nothing", () => {
    const change = {
      type: 'ChangeBuyerDetails' as const,
      orderId: 'or_1',
      buyer: person('Cleo'),
      by: 'us_1',
      now: before,
    };
    spec
      .given([placed(), details, completed])
      .when(change)
      .then([
        {
          type: 'OrderBuyerDetailsChanged',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            buyer: person('Cleo'),
            changedBy: 'us_1',
            changedAt: before.toISOString(),
          },
        },
      ]);
    spec
      .given([placed(), details, completed])
      .when({ ...change, buyer: person('Ann') })
      .thenNothingHappened();
    spec.given([placed()]).when(change).thenRefused('order_details_missing');
  });

  it("changes an attendee's details with answers checked against their ticket's questions", () => {
    const change = {
      type: 'ChangeAttendeeDetails' as const,
      orderId: 'or_1',
      attendeeId: 'at_2',
      details: { ...person('Bea'), locale: 'fr', answers: { qu_1: 'vegan' } },
      questions: [dietQuestion],
      by: 'us_1',
      now: before,
    };
    spec
      .given([placed(), details, completed])
      .when(change)
      .then([
        {
          type: 'AttendeeDetailsChanged',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            attendeeId: 'at_2',
            ...person('Bea'),
            locale: 'fr',
            answers: { qu_1: 'vegan' },
            changedBy: 'us_1',
            changedAt: before.toISOString(),
          },
        },
      ]);
    spec
      .given([placed(), details, completed])
      .when({ ...change, details: { ...change.details, answers: {} } })
      .thenRefused('validation_failed', ['answers.qu_1']);
    spec.given([placed(), details]).when(change).thenRefused('order_not_completed');
    spec
      .given([placed(), details, completed])
      .when({ ...change, attendeeId: 'at_9' })
      .thenRefused('attendee_not_found');
  });

  it("erases the buyer's and attendees' personal data once the checkout is over, once; no mail or edit after", () => {
    const erase = { type: 'EraseOrderPersonalData' as const, orderId: 'or_1', by: 'us_1', now: before };
    const erased: OrderEvent = {
      type: 'OrderPersonalDataErased',
      data: { eventId: 'ev_1', orderId: 'or_1', erasedBy: 'us_1', erasedAt: before.toISOString() },
    };
    spec.given([placed(), details, completed]).when(erase).then([erased]);
    spec.given([placed(), details, completed, cancelledOrder]).when(erase).then([erased]);
    spec.given([placed(), details, completed, erased]).when(erase).thenNothingHappened();
    spec.given([placed(), details]).when(erase).thenRefused('order_still_open');
    spec.given([]).when(erase).thenRefused('order_not_found');
    spec
      .given([placed(), details, completed, erased])
      .when({ type: 'ResendConfirmation', orderId: 'or_1', requestId: 'rq_9', by: 'us_1', now: before })
      .thenRefused('personal_data_erased');
    spec
      .given([placed(), details, completed, erased])
      .when({ type: 'ChangeBuyerDetails', orderId: 'or_1', buyer: person('Cleo'), by: 'us_1', now: before })
      .thenRefused('personal_data_erased');
  });

  it('resends the confirmation and a ticket once per request id; refused on the wrong state', () => {
    const resend = {
      type: 'ResendConfirmation' as const,
      orderId: 'or_1',
      requestId: 'rq_1',
      by: 'us_1',
      now: before,
    };
    const resent: OrderEvent = {
      type: 'OrderConfirmationResent',
      data: {
        eventId: 'ev_1',
        orderId: 'or_1',
        requestId: 'rq_1',
        resentBy: 'us_1',
        resentAt: before.toISOString(),
      },
    };
    spec.given([placed(), details, completed]).when(resend).then([resent]);
    spec.given([placed(), details, completed, resent]).when(resend).thenNothingHappened();
    spec
      .given([placed(), details, completed, resent])
      .when({ ...resend, requestId: 'rq_2' })
      .then([{ ...resent, data: { ...resent.data, requestId: 'rq_2' } }]);
    spec.given([placed(), details, completed, cancelledOrder]).when(resend).thenRefused('order_cancelled');
    spec.given([placed(), details]).when(resend).thenRefused('order_not_completed');

    const ticket = {
      type: 'ResendTicket' as const,
      orderId: 'or_1',
      attendeeId: 'at_1',
      requestId: 'rq_3',
      by: 'us_1',
      now: before,
    };
    spec
      .given([placed(), details, completed])
      .when(ticket)
      .then([
        {
          type: 'AttendeeTicketResent',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            attendeeId: 'at_1',
            requestId: 'rq_3',
            resentBy: 'us_1',
            resentAt: before.toISOString(),
          },
        },
      ]);
    spec.given([placed(), details, completed, cancelledOrder]).when(ticket).thenRefused('attendee_cancelled');
    // An offline order not yet paid has no ticket to send.
    spec.given([placed(), details, awaiting]).when(ticket).thenRefused('order_not_completed');
  });

  it('a manual order is placed, marked manual, detailed and completed in one append; a retry is quiet', () => {
    const order = placed(1500).data;
    const single = { ...order, attendees: order.attendees.slice(0, 1) };
    const create = {
      type: 'CreateManualOrder' as const,
      order: single,
      attendee: { ...person('Max'), answers: { qu_1: 'none' } },
      questions: [dietQuestion],
      amountPaid: 1500,
      sendTicket: true,
      by: 'us_1',
      now: before,
    };
    const at = before.toISOString();
    spec
      .given([])
      .when(create)
      .then([
        { type: 'OrderPlaced', data: single },
        {
          type: 'ManualOrderRecorded',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            amountPaid: 1500,
            sendTicket: true,
            createdBy: 'us_1',
            recordedAt: at,
          },
        },
        {
          type: 'OrderDetailsSubmitted',
          data: {
            eventId: 'ev_1',
            orderId: 'or_1',
            buyer: person('Max'),
            locale: 'en',
            answers: {},
            attendees: [{ ...person('Max'), answers: { qu_1: 'none' }, attendeeId: 'at_1' }],
            submittedAt: at,
          },
        },
        {
          type: 'OrderCompleted',
          data: { eventId: 'ev_1', orderId: 'or_1', paymentMethod: 'OFFLINE', completedAt: at },
        },
      ]);
    spec
      .given([{ type: 'OrderPlaced', data: single }])
      .when(create)
      .thenNothingHappened();
    spec
      .given([])
      .when({ ...create, attendee: { ...person('Max'), answers: {} } })
      .thenRefused('validation_failed', ['answers.qu_1']);
  });

  it('an unknown order is not found', () => {
    spec.given([]).when(submit()).thenRefused('order_not_found');
  });
});

describe('a company invoice asked for at checkout (issue 31)', () => {
  const company: CompanyInvoiceDetails = {
    company: 'Acme SARL',
    address: '1 rue de la Paix, Paris',
    country: 'FR',
    vatId: 'FR12345678901',
  };
  const requested = (details: CompanyInvoiceDetails | null): OrderEvent => ({
    type: 'OrderCompanyInvoiceRequested',
    data: { eventId: 'ev_1', orderId: 'or_1', company: details, requestedAt: before.toISOString() },
  });

  it('is recorded with the details, in the same append', () => {
    spec
      .given([placed()])
      .when(submit({ company }))
      .then([details, requested(company)]);
  });

  it('takes a company without a VAT id', () => {
    const withoutVat = { ...company, vatId: null };
    spec
      .given([placed()])
      .when(submit({ company: withoutVat }))
      .then([details, requested(withoutVat)]);
  });

  it('takes a VAT id of a country whose format it does not know as typed', () => {
    const swiss = { ...company, country: 'CH', vatId: 'CHE123456789' };
    spec
      .given([placed()])
      .when(submit({ company: swiss }))
      .then([details, requested(swiss)]);
  });

  it('refuses a VAT id in the wrong format for the country, on the vat_id field', () => {
    spec
      .given([placed()])
      .when(submit({ company: { ...company, vatId: 'FR123' } }))
      .thenRefused('validation_failed', ['vat_id']);
  });

  it("refuses another country's VAT id, on the vat_id field", () => {
    spec
      .given([placed()])
      .when(submit({ company: { ...company, vatId: 'DE123456789' } }))
      .thenRefused('validation_failed', ['vat_id']);
  });

  it('is withdrawn when the buyer gives their details again without it', () => {
    spec
      .given([placed(), details, requested(company)])
      .when(submit())
      .then([details, requested(null)]);
  });
});
