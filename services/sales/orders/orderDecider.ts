import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { Answers } from '../../catalog/questions/answers';
import { validateAnswers } from '../../catalog/questions/answers';
import type { Question } from '../../catalog/questions/questionEvents';
import type { AnswerSheet } from '../../catalog/questions/answers';
import type { FieldErrors } from '../../kit/refusal';
import { vatIdProblem } from '../invoices/vatId';
import type {
  AttendeeDetails,
  CompanyInvoiceDetails,
  OrderEvent,
  OrderPlaced,
  OrderStatus,
  PaymentMethod,
  PersonDetails,
} from './orderEvents';

// ---------- commands (time, ids and advisory facts come in the command)

/** The checkout's second step: the hold is placed in the inventory, the priced order is recorded. */
export type PlaceOrder = { type: 'PlaceOrder'; order: OrderPlaced['data'] };
export type ExtendOrder = { type: 'ExtendOrder'; orderId: string; expiresAt: Date; now: Date };
export type SubmitOrderDetails = {
  type: 'SubmitOrderDetails';
  orderId: string;
  buyer: PersonDetails;
  locale: string;
  answers: Answers['order'];
  /** In the order's attendee order. */
  attendees: readonly Omit<AttendeeDetails, 'attendeeId'>[];
  termsAgreed: boolean;
  /** The company the buyer's invoice is to name, when they asked for a company invoice (issue 31). */
  company: CompanyInvoiceDetails | null;
  /** The event's questions (advisory: read by the route from the questions read model). */
  questions: readonly Question[];
  now: Date;
};
export type CompleteOrder = {
  type: 'CompleteOrder';
  orderId: string;
  paymentMethod: PaymentMethod;
  /** What the event offers (advisory, from its settings): the offline method, card payments (issue 13). */
  offlinePaymentsEnabled: boolean;
  cardPaymentsEnabled: boolean;
  now: Date;
};
export type MarkOrderPaid = { type: 'MarkOrderPaid'; orderId: string; by: string; now: Date };
/** The expiry reactor's command: quiet unless the order is open and past its expiry. */
export type ExpireOrder = { type: 'ExpireOrder'; orderId: string; now: Date };
export type AbandonOrder = { type: 'AbandonOrder'; orderId: string; replacedBy: string; now: Date };
export type CancelOrder = { type: 'CancelOrder'; orderId: string; by: string; now: Date };
export type CancelAttendee = {
  type: 'CancelAttendee';
  orderId: string;
  attendeeId: string;
  by: string;
  now: Date;
};
export type ReactivateAttendee = {
  type: 'ReactivateAttendee';
  orderId: string;
  attendeeId: string;
  by: string;
  now: Date;
};

/** A member corrects the buyer's name or email (issue 14). */
export type ChangeBuyerDetails = {
  type: 'ChangeBuyerDetails';
  orderId: string;
  buyer: PersonDetails;
  by: string;
  now: Date;
};
export type ChangeAttendeeDetails = {
  type: 'ChangeAttendeeDetails';
  orderId: string;
  attendeeId: string;
  details: PersonDetails & { locale: string; answers: AnswerSheet };
  /** The event's questions (advisory, from the questions read model). */
  questions: readonly Question[];
  by: string;
  now: Date;
};
/**
 * A member adds an attendee by hand: the order is placed, marked manual, detailed and completed in one append
 * (its hold was placed and converted in the inventory before, like a checkout's).
 */
export type CreateManualOrder = {
  type: 'CreateManualOrder';
  order: OrderPlaced['data'];
  attendee: PersonDetails & { answers: AnswerSheet };
  /** The event's questions (advisory, from the questions read model). */
  questions: readonly Question[];
  amountPaid: number;
  sendTicket: boolean;
  by: string;
  now: Date;
};
/** Erase the buyer's and attendees' personal data (docs/audit.md "Erasure"); amounts and tickets stay. */
export type EraseOrderPersonalData = {
  type: 'EraseOrderPersonalData';
  orderId: string;
  by: string;
  now: Date;
};
export type ResendConfirmation = {
  type: 'ResendConfirmation';
  orderId: string;
  requestId: string;
  by: string;
  now: Date;
};
export type ResendTicket = {
  type: 'ResendTicket';
  orderId: string;
  attendeeId: string;
  requestId: string;
  by: string;
  now: Date;
};

export type OrderCommand =
  | ChangeBuyerDetails
  | ChangeAttendeeDetails
  | CreateManualOrder
  | ResendConfirmation
  | EraseOrderPersonalData
  | ResendTicket
  | PlaceOrder
  | ExtendOrder
  | SubmitOrderDetails
  | CompleteOrder
  | MarkOrderPaid
  | ExpireOrder
  | AbandonOrder
  | CancelOrder
  | CancelAttendee
  | ReactivateAttendee;

// ---------- state

export type AttendeePayment = 'PENDING' | 'UNPAID' | 'PAID';

export interface AttendeeState {
  attendeeId: string;
  shortId: string;
  ticketId: string;
  tierId: string | null;
  active: boolean;
  payment: AttendeePayment;
  details: Omit<AttendeeDetails, 'attendeeId'> | null;
  /** The attendee's own mail language, once a member set one (else the order's). */
  locale: string | null;
  /** How often this attendee was cancelled and reactivated: names the inventory return and hold of the next one. */
  cancellations: number;
  reactivations: number;
}

export interface ExistingOrder {
  exists: true;
  accountId: string;
  placed: OrderPlaced['data'];
  status: OrderStatus;
  expiresAt: number;
  buyer: PersonDetails | null;
  /** The company the buyer asked their invoice to name (`OrderCompanyInvoiceRequested`). */
  company: CompanyInvoiceDetails | null;
  locale: string;
  paymentMethod: PaymentMethod | null;
  attendees: readonly AttendeeState[];
  /** Created by a member (a manual attendee): the amount paid outside the platform; never refundable. */
  manual: { amountPaid: number } | null;
  /** Resend requests already recorded (a repeated request id sends nothing twice). */
  resendRequests: readonly string[];
  /** A member marked the offline payment received (`OrderMarkedPaid`). */
  markedPaid: boolean;
  /** When an admin erased the buyer's and attendees' personal data (`OrderPersonalDataErased`). */
  erasedAt: string | null;
}

export type OrderState = { exists: false } | ExistingOrder;

/** Before completion: the buyer may still give details and pay, until the hold expires. */
export const isOpen = (status: OrderStatus): boolean =>
  status === 'AWAITING_DETAILS' || status === 'RESERVED';

/** The status a reader sees at `now`: an open order past its expiry is expired even before the reactor records it. */
export function effectiveStatus(state: ExistingOrder, now: Date): OrderStatus {
  return isOpen(state.status) && state.expiresAt <= now.getTime() ? 'EXPIRED' : state.status;
}

const withAttendees = (
  state: ExistingOrder,
  change: (attendee: AttendeeState) => AttendeeState,
): ExistingOrder => ({ ...state, attendees: state.attendees.map(change) });

/** Refuses a buyer's command on an order that is no longer open (spec section 8 wording). */
function refuseUnlessOpen(state: ExistingOrder, now: Date): void {
  switch (effectiveStatus(state, now)) {
    case 'EXPIRED':
    case 'ABANDONED':
      refuse('order_expired');
    // eslint-disable-next-line no-fallthrough
    case 'CANCELLED':
      refuse('order_cancelled');
    // eslint-disable-next-line no-fallthrough
    case 'COMPLETED':
    case 'AWAITING_PAYMENT':
      refuse('order_already_processed');
    // eslint-disable-next-line no-fallthrough
    default:
      return;
  }
}

function existing(state: OrderState): ExistingOrder {
  if (!state.exists) refuse('order_not_found');
  return state;
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      const d = event.data;
      return {
        exists: true,
        accountId: d.accountId,
        placed: d,
        status: 'AWAITING_DETAILS',
        expiresAt: Date.parse(d.expiresAt),
        buyer: null,
        company: null,
        locale: d.locale,
        paymentMethod: null,
        attendees: d.attendees.map((attendee) => ({
          ...attendee,
          active: true,
          payment: 'PENDING',
          details: null,
          locale: null,
          cancellations: 0,
          reactivations: 0,
        })),
        manual: null,
        resendRequests: [],
        markedPaid: false,
        erasedAt: null,
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'OrderHoldExtended':
        return { ...state, expiresAt: Date.parse(event.data.expiresAt) };
      case 'OrderDetailsSubmitted': {
        const byId = new Map(event.data.attendees.map((attendee) => [attendee.attendeeId, attendee]));
        return withAttendees(
          { ...state, status: 'RESERVED', buyer: event.data.buyer, locale: event.data.locale },
          (attendee) => {
            const details = byId.get(attendee.attendeeId);
            if (!details) return attendee;
            const { attendeeId: _id, ...rest } = details;
            return { ...attendee, details: rest };
          },
        );
      }
      case 'OrderCompleted':
        return withAttendees(
          { ...state, status: 'COMPLETED', paymentMethod: event.data.paymentMethod },
          (attendee) => ({ ...attendee, payment: 'PAID' }),
        );
      case 'OrderAwaitingOfflinePayment':
        return withAttendees(
          { ...state, status: 'AWAITING_PAYMENT', paymentMethod: 'OFFLINE' },
          (attendee) => ({ ...attendee, payment: 'UNPAID' }),
        );
      case 'OrderMarkedPaid':
        return withAttendees({ ...state, status: 'COMPLETED', markedPaid: true }, (attendee) => ({
          ...attendee,
          payment: 'PAID',
        }));
      case 'OrderExpired':
        return { ...state, status: 'EXPIRED' };
      case 'OrderAbandoned':
        return { ...state, status: 'ABANDONED' };
      case 'OrderCancelled':
        return withAttendees({ ...state, status: 'CANCELLED' }, (attendee) => ({
          ...attendee,
          active: false,
        }));
      case 'AttendeeCancelled':
        return withAttendees(state, (attendee) =>
          attendee.attendeeId === event.data.attendeeId
            ? { ...attendee, active: false, cancellations: attendee.cancellations + 1 }
            : attendee,
        );
      case 'AttendeeReactivated':
        return withAttendees(state, (attendee) =>
          attendee.attendeeId === event.data.attendeeId
            ? { ...attendee, active: true, reactivations: attendee.reactivations + 1 }
            : attendee,
        );
      case 'OrderBuyerDetailsChanged':
        return { ...state, buyer: event.data.buyer };
      case 'OrderCompanyInvoiceRequested':
        return { ...state, company: event.data.company };
      case 'AttendeeDetailsChanged': {
        const { attendeeId, firstName, lastName, email, locale, answers } = event.data;
        return withAttendees(state, (attendee) =>
          attendee.attendeeId === attendeeId
            ? { ...attendee, locale, details: { firstName, lastName, email, answers } }
            : attendee,
        );
      }
      case 'ManualOrderRecorded':
        return { ...state, manual: { amountPaid: event.data.amountPaid } };
      case 'OrderConfirmationResent':
      case 'AttendeeTicketResent':
        return { ...state, resendRequests: [...state.resendRequests, event.data.requestId] };
      case 'OrderPersonalDataErased':
        return { ...state, erasedAt: event.data.erasedAt };
      default:
        // Events added later (issue 13's payments) leave this state as it is until their case is written.
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder':
        // A buyer's retry with the same order id is quiet (the client chooses the id: a replay buys nothing twice).
        if (state.exists) return [];
        if (command.order.attendees.length === 0) refuse('validation_failed');
        return [{ type: 'OrderPlaced', data: command.order }];

      case 'ExtendOrder': {
        const order = existing(state);
        refuseUnlessOpen(order, command.now);
        if (command.expiresAt.getTime() <= order.expiresAt) return [];
        return [
          {
            type: 'OrderHoldExtended',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              expiresAt: command.expiresAt.toISOString(),
              extendedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'SubmitOrderDetails': {
        const order = existing(state);
        refuseUnlessOpen(order, command.now);
        if (!command.termsAgreed)
          refuse('terms_not_agreed', undefined, { terms_agreed: ['Agree to the terms'] });
        if (command.attendees.length !== order.attendees.length)
          refuse('validation_failed', undefined, {
            attendees: [`Give the details of ${order.attendees.length} attendees`],
          });
        const errors = validateAnswers(
          command.questions,
          { order: command.answers, attendees: command.attendees.map((attendee) => attendee.answers) },
          { ticketIds: order.attendees.map((attendee) => attendee.ticketId) },
        );
        if (command.company?.vatId) {
          const problem = vatIdProblem(command.company.country, command.company.vatId);
          if (problem) errors.vat_id = [problem];
        }
        if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
        // Asked for now, or asked for before and not any more (the buyer went back and unticked it).
        const companyRequest: OrderEvent[] =
          command.company || order.company
            ? [
                {
                  type: 'OrderCompanyInvoiceRequested',
                  data: {
                    eventId: order.placed.eventId,
                    orderId: command.orderId,
                    company: command.company,
                    requestedAt: command.now.toISOString(),
                  },
                },
              ]
            : [];
        return [
          {
            type: 'OrderDetailsSubmitted',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              buyer: command.buyer,
              locale: command.locale,
              answers: command.answers,
              attendees: command.attendees.map((attendee, index) => ({
                ...attendee,
                attendeeId: order.attendees[index]?.attendeeId ?? '',
              })),
              submittedAt: command.now.toISOString(),
            },
          },
          ...companyRequest,
        ];
      }

      case 'CompleteOrder': {
        const order = existing(state);
        // A repeat of the same completion is quiet.
        if (order.status === 'COMPLETED' && order.paymentMethod === command.paymentMethod) return [];
        if (order.status === 'AWAITING_PAYMENT' && command.paymentMethod === 'OFFLINE') return [];
        refuseUnlessOpen(order, command.now);
        if (order.buyer === null) refuse('order_details_missing');
        const base = { eventId: order.placed.eventId, orderId: command.orderId };
        const completedAt = command.now.toISOString();
        if (order.placed.totals.total === 0)
          return [{ type: 'OrderCompleted', data: { ...base, paymentMethod: 'FREE', completedAt } }];
        if (command.paymentMethod === 'OFFLINE' && command.offlinePaymentsEnabled)
          return [{ type: 'OrderAwaitingOfflinePayment', data: { ...base, completedAt } }];
        // Card payments are issue 13's (a payment intent, then OrderCompleted with CARD).
        return refuse('payment_method_unavailable', undefined, {
          payment_method: ['This payment method is not available for this order'],
        });
      }

      case 'MarkOrderPaid': {
        const order = existing(state);
        // Marking paid again what was marked paid is a repeat; an order paid (or free) at checkout is refused.
        if (order.markedPaid) return [];
        if (order.status === 'COMPLETED') refuse('order_already_paid');
        if (order.status !== 'AWAITING_PAYMENT') refuse('order_not_awaiting_payment');
        return [
          {
            type: 'OrderMarkedPaid',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              markedBy: command.by,
              paidAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'ExpireOrder': {
        if (!state.exists || effectiveStatus(state, command.now) !== 'EXPIRED' || state.status === 'EXPIRED')
          return [];
        return [
          {
            type: 'OrderExpired',
            data: {
              eventId: state.placed.eventId,
              orderId: command.orderId,
              expiredAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'AbandonOrder': {
        if (!state.exists || !isOpen(state.status)) return [];
        return [
          {
            type: 'OrderAbandoned',
            data: {
              eventId: state.placed.eventId,
              orderId: command.orderId,
              replacedBy: command.replacedBy,
              abandonedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'CancelOrder': {
        const order = existing(state);
        if (order.status === 'CANCELLED') refuse('order_cancelled');
        if (order.status !== 'COMPLETED' && order.status !== 'AWAITING_PAYMENT')
          refuse('order_not_cancellable');
        return [
          {
            type: 'OrderCancelled',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              cancelledBy: command.by,
              cancelledAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'CancelAttendee':
      case 'ReactivateAttendee': {
        const order = existing(state);
        const attendee = order.attendees.find((a) => a.attendeeId === command.attendeeId);
        if (!attendee) refuse('attendee_not_found');
        const cancelling = command.type === 'CancelAttendee';
        if (cancelling && !attendee.active) refuse('attendee_cancelled');
        if (!cancelling && attendee.active) return [];
        if (order.status !== 'COMPLETED' && order.status !== 'AWAITING_PAYMENT')
          refuse('order_not_cancellable');
        const base = {
          eventId: order.placed.eventId,
          orderId: command.orderId,
          attendeeId: command.attendeeId,
        };
        return cancelling
          ? [
              {
                type: 'AttendeeCancelled',
                data: { ...base, cancelledBy: command.by, cancelledAt: command.now.toISOString() },
              },
            ]
          : [
              {
                type: 'AttendeeReactivated',
                data: { ...base, reactivatedBy: command.by, reactivatedAt: command.now.toISOString() },
              },
            ];
      }

      case 'ChangeBuyerDetails': {
        const order = existing(state);
        if (order.erasedAt !== null) refuse('personal_data_erased');
        if (order.buyer === null) refuse('order_details_missing');
        const { firstName, lastName, email } = command.buyer;
        if (
          order.buyer.firstName === firstName &&
          order.buyer.lastName === lastName &&
          order.buyer.email === email
        )
          return [];
        return [
          {
            type: 'OrderBuyerDetailsChanged',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              buyer: { firstName, lastName, email },
              changedBy: command.by,
              changedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'ChangeAttendeeDetails': {
        const order = existing(state);
        if (order.erasedAt !== null) refuse('personal_data_erased');
        const attendee = order.attendees.find((a) => a.attendeeId === command.attendeeId);
        if (!attendee) refuse('attendee_not_found');
        if (attendee.payment === 'PENDING') refuse('order_not_completed');
        const errors = attendeeAnswerErrors(command.questions, attendee.ticketId, command.details.answers);
        if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
        const { firstName, lastName, email, locale, answers } = command.details;
        const current = attendee.details;
        if (
          current &&
          current.firstName === firstName &&
          current.lastName === lastName &&
          current.email === email &&
          (attendee.locale ?? order.locale) === locale &&
          JSON.stringify(current.answers) === JSON.stringify(answers)
        )
          return [];
        return [
          {
            type: 'AttendeeDetailsChanged',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              attendeeId: command.attendeeId,
              firstName,
              lastName,
              email,
              locale,
              answers,
              changedBy: command.by,
              changedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'CreateManualOrder': {
        // A retry with the same order id is quiet, like a buyer's.
        if (state.exists) return [];
        const placed = command.order;
        const first = placed.attendees[0];
        if (!first || placed.attendees.length !== 1) refuse('validation_failed');
        if (!Number.isSafeInteger(command.amountPaid) || command.amountPaid < 0)
          refuse('validation_failed', undefined, { amount_paid: ['Enter an amount of 0 or more'] });
        const errors = attendeeAnswerErrors(command.questions, first.ticketId, command.attendee.answers);
        if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
        const at = command.now.toISOString();
        const base = { eventId: placed.eventId, orderId: placed.orderId };
        const { answers, ...person } = command.attendee;
        return [
          { type: 'OrderPlaced', data: placed },
          {
            type: 'ManualOrderRecorded',
            data: {
              ...base,
              amountPaid: command.amountPaid,
              sendTicket: command.sendTicket,
              createdBy: command.by,
              recordedAt: at,
            },
          },
          {
            type: 'OrderDetailsSubmitted',
            data: {
              ...base,
              buyer: person,
              locale: placed.locale,
              answers: {},
              attendees: [{ ...person, answers, attendeeId: first.attendeeId }],
              submittedAt: at,
            },
          },
          {
            type: 'OrderCompleted',
            data: { ...base, paymentMethod: command.amountPaid === 0 ? 'FREE' : 'OFFLINE', completedAt: at },
          },
        ];
      }

      case 'ResendConfirmation': {
        const order = existing(state);
        if (order.erasedAt !== null) refuse('personal_data_erased');
        if (order.status === 'CANCELLED') refuse('order_cancelled');
        if (order.status !== 'COMPLETED' && order.status !== 'AWAITING_PAYMENT')
          refuse('order_not_completed');
        if (order.resendRequests.includes(command.requestId)) return [];
        return [
          {
            type: 'OrderConfirmationResent',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              requestId: command.requestId,
              resentBy: command.by,
              resentAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'EraseOrderPersonalData': {
        const order = existing(state);
        if (order.erasedAt !== null) return [];
        // A buyer still in the checkout would write new details after the key is gone.
        if (isOpen(effectiveStatus(order, command.now))) refuse('order_still_open');
        return [
          {
            type: 'OrderPersonalDataErased',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              erasedBy: command.by,
              erasedAt: command.now.toISOString(),
            },
          },
        ];
      }

      case 'ResendTicket': {
        const order = existing(state);
        if (order.erasedAt !== null) refuse('personal_data_erased');
        const attendee = order.attendees.find((a) => a.attendeeId === command.attendeeId);
        if (!attendee) refuse('attendee_not_found');
        if (!attendee.active) refuse('attendee_cancelled');
        // An unpaid (offline) or unfinished order has no ticket to send yet.
        if (attendee.payment !== 'PAID') refuse('order_not_completed');
        if (order.resendRequests.includes(command.requestId)) return [];
        return [
          {
            type: 'AttendeeTicketResent',
            data: {
              eventId: order.placed.eventId,
              orderId: command.orderId,
              attendeeId: command.attendeeId,
              requestId: command.requestId,
              resentBy: command.by,
              resentAt: command.now.toISOString(),
            },
          },
        ];
      }
    }
  },
};

/** The attendee's answers checked against the questions asked of their ticket; errors under `answers.<questionId>`. */
function attendeeAnswerErrors(
  questions: readonly Question[],
  ticketId: string,
  answers: AnswerSheet,
): FieldErrors {
  const perAttendee = questions.filter((question) => question.askedPer === 'ATTENDEE');
  const errors = validateAnswers(perAttendee, { order: {}, attendees: [answers] }, { ticketIds: [ticketId] });
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field.replace(/^attendees\.0\./, 'answers.'),
      messages,
    ]),
  );
}

/** The inventory hold that holds this attendee's unit now: the order's, or the one their last reactivation took. */
export function attendeeHoldId(order: ExistingOrder, attendee: AttendeeState): string {
  return attendee.reactivations === 0
    ? order.placed.holdId
    : `ho_ra_${attendee.attendeeId}_${attendee.reactivations}`;
}

/** The hold a reactivation of this attendee places and converts (deterministic: a retry places nothing twice). */
export function nextReactivationHoldId(attendee: AttendeeState): string {
  return `ho_ra_${attendee.attendeeId}_${attendee.reactivations + 1}`;
}

/** The inventory return of this attendee's next cancellation (once per cancellation). */
export function nextCancellationReturnId(attendee: AttendeeState): string {
  return `cancel-${attendee.attendeeId}-${attendee.cancellations + 1}`;
}
