import { describe, expect, it } from 'vitest';
import type { CheckoutQuestion, PublicOrder } from './api';
import {
  attendeeQuestions,
  copyBuyerToAttendees,
  detailsProblems,
  initialValues,
  orderQuestions,
  serverProblems,
  toDetailsBody,
} from './detailsForm';
import { toCreateOrderBody } from './startOrder';

function question(id: string, change: Partial<CheckoutQuestion>): CheckoutQuestion {
  return {
    id,
    title: id,
    description: null,
    type: 'SINGLE_LINE_TEXT',
    options: [],
    required: false,
    hidden: false,
    asked_per: 'ORDER',
    applicable_ticket_ids: [],
    is_default: false,
    ...change,
  };
}

function attendee(id: string, ticketId: string): PublicOrder['attendees'][number] {
  return {
    id,
    short_id: `s${id}`,
    order_id: 'o',
    ticket_id: ticketId,
    tier_id: null,
    ticket_title: 'General',
    first_name: null,
    last_name: null,
    email: null,
    status: 'ACTIVE',
    payment: 'PENDING',
    ticket_code: null,
  };
}

const order = {
  first_name: null,
  last_name: null,
  email: null,
  attendees: [attendee('a1', 'tk_1'), attendee('a2', 'tk_2')],
  questions: [
    question('q_company', { required: true }),
    question('q_vip', { applicable_ticket_ids: ['tk_9'] }),
    question('q_hidden', { hidden: true, required: true }),
    question('q_diet', {
      asked_per: 'ATTENDEE',
      type: 'CHECKBOX',
      options: ['Vegan', 'Halal'],
      required: true,
    }),
    question('q_tshirt', { asked_per: 'ATTENDEE', type: 'DROPDOWN', applicable_ticket_ids: ['tk_2'] }),
    question('q_address', { type: 'ADDRESS', required: true }),
  ],
} as unknown as PublicOrder;

describe('the details form', () => {
  it('asks the questions that apply: not hidden, for a ticket of the order or of the holder', () => {
    expect(orderQuestions(order).map((q) => q.id)).toEqual(['q_company', 'q_address']);
    expect(attendeeQuestions(order.questions, 'tk_1').map((q) => q.id)).toEqual(['q_diet']);
    expect(attendeeQuestions(order.questions, 'tk_2').map((q) => q.id)).toEqual(['q_diet', 'q_tshirt']);
  });

  it('names every missing answer with the server field key, the terms too', () => {
    expect(Object.keys(detailsProblems(order, initialValues(order))).sort()).toEqual(
      [
        'first_name',
        'last_name',
        'email',
        'q_company',
        'q_address.address_line_1',
        'q_address.city',
        'q_address.zip_or_postal_code',
        'q_address.country',
        'attendees.0.first_name',
        'attendees.0.last_name',
        'attendees.0.email',
        'attendees.0.q_diet',
        'attendees.1.first_name',
        'attendees.1.last_name',
        'attendees.1.email',
        'attendees.1.q_diet',
        'terms_agreed',
      ].sort(),
    );
  });

  it('copies the buyer to every ticket and sends trimmed values without blank answers', () => {
    const values = copyBuyerToAttendees({
      ...initialValues(order),
      buyer: { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.test' },
      answers: {
        q_company: 'Analytical',
        q_address: {
          address_line_1: '1 Main St',
          address_line_2: '',
          city: 'London',
          state_or_region: '',
          zip_or_postal_code: 'N1',
          country: 'UK',
        },
      },
      terms: true,
    });
    values.attendees = values.attendees.map((holder) => ({
      ...holder,
      answers: { q_diet: ['Vegan'], q_tshirt: '' },
    }));
    expect(detailsProblems(order, values)).toEqual({});
    expect(toDetailsBody(values, 'de')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      locale: 'de',
      answers: {
        q_company: 'Analytical',
        q_address: {
          address_line_1: '1 Main St',
          address_line_2: null,
          city: 'London',
          state_or_region: null,
          zip_or_postal_code: 'N1',
          country: 'UK',
        },
      },
      attendees: [
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.test',
          answers: { q_diet: ['Vegan'] },
        },
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.test',
          answers: { q_diet: ['Vegan'] },
        },
      ],
      terms_agreed: true,
    });
  });

  it('refuses a malformed email', () => {
    const values = {
      ...initialValues(order),
      buyer: { first_name: 'A', last_name: 'B', email: 'not-an-email' },
    };
    expect(detailsProblems(order, values).email).toBe('email');
  });

  it("reads the server's field errors in the form's own words", () => {
    expect(
      serverProblems({
        terms_agreed: ['Agree to the terms'],
        'attendees.0.q_diet': ['This question requires an answer'],
        email: ['Enter a valid email address'],
        q_tshirt: ['Choose one of the options'],
      }),
    ).toEqual({
      terms_agreed: 'terms',
      'attendees.0.q_diet': 'required',
      email: 'email',
      q_tshirt: 'invalid',
    });
  });
});

describe('the order request', () => {
  it("carries the lines, the promo code, the buyer's language and the affiliate code", () => {
    expect(
      toCreateOrderBody(
        {
          lines: [
            { ticketId: 'tk_1', quantity: 2 },
            { ticketId: 'tk_2', tierId: 'tr_1', quantity: 1 },
            { ticketId: 'tk_3', quantity: 1, amount: 2500 },
          ],
          promoCode: 'EARLY',
        },
        { locale: 'zh-cn', affiliateCode: 'PARTNER' },
      ),
    ).toEqual({
      lines: [
        { ticket_id: 'tk_1', quantity: 2 },
        { ticket_id: 'tk_2', tier_id: 'tr_1', quantity: 1 },
        { ticket_id: 'tk_3', quantity: 1, amount: 2500 },
      ],
      promo_code: 'EARLY',
      affiliate_code: 'PARTNER',
      locale: 'zh-cn',
    });
  });
});
