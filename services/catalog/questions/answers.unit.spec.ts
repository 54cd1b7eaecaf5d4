import { describe, expect, it } from 'vitest';
import { isCalendarDate, validateAnswers, type Answers } from './answers';
import type { Question, QuestionDefinition } from './questionEvents';

function question(questionId: string, overrides: Partial<QuestionDefinition> = {}): Question {
  return {
    questionId,
    title: questionId,
    description: null,
    type: 'SINGLE_LINE_TEXT',
    options: [],
    required: false,
    hidden: false,
    askedPer: 'ORDER',
    applicableTicketIds: [],
    ...overrides,
  };
}

const company = question('qu_company', { required: true });
const size = question('qu_size', {
  type: 'DROPDOWN',
  options: ['S', 'M', 'L'],
  required: true,
  askedPer: 'ATTENDEE',
  applicableTicketIds: ['ti_shirt'],
});
const diet = question('qu_diet', { type: 'CHECKBOX', options: ['Vegan', 'No nuts'], askedPer: 'ATTENDEE' });
const arrival = question('qu_arrival', { type: 'DATE' });
const invoice = question('qu_invoice', { type: 'ADDRESS' });
const notes = question('qu_notes', { type: 'MULTI_LINE_TEXT' });
const internal = question('qu_internal', { required: true, hidden: true });
const questions = [company, size, diet, arrival, invoice, notes, internal];

const address = { addressLine1: '1 Main St', city: 'Berlin', zipOrPostalCode: '10115', country: 'DE' };

const validate = (answers: Partial<Answers>, ticketIds = ['ti_shirt', 'ti_plain']) =>
  validateAnswers(questions, { order: {}, attendees: [], ...answers }, { ticketIds });

const complete: Answers = {
  order: { qu_company: 'Acme', qu_arrival: '2026-12-12', qu_invoice: address, qu_notes: 'Line 1\nLine 2' },
  attendees: [{ qu_size: 'M', qu_diet: ['Vegan'] }, { qu_diet: [] }],
};

describe('validating answers', () => {
  it('accepts complete answers', () => {
    expect(validate(complete)).toEqual({});
  });

  it('asks a required question per order once and per attendee of each ticket it applies to', () => {
    expect(validate({})).toEqual({
      qu_company: ['This question requires an answer'],
      'attendees.0.qu_size': ['This question requires an answer'],
    });
  });

  it('counts blank text, no ticked option and a blank address as unanswered', () => {
    const errors = validate({
      order: { ...complete.order, qu_company: '   ' },
      attendees: [{ qu_size: '' }, {}],
    });
    expect(Object.keys(errors).sort()).toEqual(['attendees.0.qu_size', 'qu_company']);
    const requiredAddress = question('qu_invoice', { type: 'ADDRESS', required: true });
    const blank = { addressLine1: ' ', city: '', zipOrPostalCode: '', country: '' };
    expect(
      validateAnswers([requiredAddress], { order: { qu_invoice: blank }, attendees: [] }, { ticketIds: [] }),
    ).toEqual({ qu_invoice: ['This question requires an answer'] });
    const requiredBox = question('qu_terms', { type: 'CHECKBOX', options: ['I agree'], required: true });
    expect(
      validateAnswers([requiredBox], { order: { qu_terms: [] }, attendees: [] }, { ticketIds: [] }),
    ).toEqual({
      qu_terms: ['This question requires an answer'],
    });
  });

  it('never requires a hidden question of the buyer, and refuses an answer to it', () => {
    expect(validate(complete)).toEqual({});
    expect(validate({ ...complete, order: { ...complete.order, qu_internal: 'x' } })).toEqual({
      qu_internal: ['This question is not asked here'],
    });
  });

  it('refuses answers to unknown questions, at the wrong level or for a ticket the question skips', () => {
    const errors = validate({
      order: { ...complete.order, qu_unknown: 'x', qu_size: 'M' },
      attendees: [complete.attendees[0]!, { qu_size: 'L' }],
    });
    expect(errors).toEqual({
      qu_unknown: ['There is no such question'],
      qu_size: ['This question is not asked here'],
      'attendees.1.qu_size': ['This question is not asked here'],
    });
  });

  it('does not ask a per-order question no ticket of the order applies to', () => {
    const vip = question('qu_vip', { required: true, applicableTicketIds: ['ti_vip'] });
    expect(validateAnswers([vip], { order: {}, attendees: [] }, { ticketIds: ['ti_plain'] })).toEqual({});
    expect(
      validateAnswers([vip], { order: {}, attendees: [] }, { ticketIds: ['ti_plain', 'ti_vip'] }),
    ).toEqual({
      qu_vip: ['This question requires an answer'],
    });
  });

  it('refuses a choice that is not among the options', () => {
    const errors = validate({
      ...complete,
      attendees: [{ qu_size: 'XL', qu_diet: ['Vegan', 'Halal'] }, { qu_diet: ['Vegan', 'Vegan'] }],
    });
    expect(errors).toEqual({
      'attendees.0.qu_size': ['Choose one of the options'],
      'attendees.0.qu_diet': ['Choose among the options'],
      'attendees.1.qu_diet': ['An option is ticked twice'],
    });
  });

  it('refuses dates that are not real days', () => {
    for (const date of ['2026-02-30', '12/12/2026', '2026-13-01', '2026-12-12T10:00:00Z'])
      expect(validate({ ...complete, order: { ...complete.order, qu_arrival: date } }), date).toEqual({
        qu_arrival: ['Enter a date as YYYY-MM-DD'],
      });
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });

  it('needs line 1, city, zip and country of an address', () => {
    const errors = validate({
      ...complete,
      order: { ...complete.order, qu_invoice: { ...address, city: ' ', country: '' } },
    });
    expect(errors).toEqual({
      'qu_invoice.city': ['This field is required'],
      'qu_invoice.country': ['This field is required'],
    });
  });

  it('refuses answers of the wrong shape', () => {
    const errors = validate({
      order: { ...complete.order, qu_company: ['Acme'], qu_invoice: '1 Main St' },
      attendees: [{ qu_size: ['M'], qu_diet: 'Vegan' }, {}],
    });
    expect(errors).toEqual({
      qu_company: ['The answer has the wrong shape'],
      qu_invoice: ['The answer has the wrong shape'],
      'attendees.0.qu_size': ['The answer has the wrong shape'],
      'attendees.0.qu_diet': ['The answer has the wrong shape'],
    });
  });

  it('refuses line breaks in single-line text and overlong text', () => {
    const errors = validate({
      ...complete,
      order: { ...complete.order, qu_company: 'Acme\nInc', qu_notes: 'x'.repeat(10_001) },
    });
    expect(errors).toEqual({
      qu_company: ['Contains a character that is not allowed (U+000A)'],
      qu_notes: ['The answer must be at most 10000 characters'],
    });
  });

  it('reads a null answer as no answer', () => {
    expect(
      validate({ ...complete, order: { ...complete.order, qu_notes: null, qu_internal: null } }),
    ).toEqual({});
    expect(validate({ ...complete, order: { ...complete.order, qu_company: null } })).toEqual({
      qu_company: ['This question requires an answer'],
    });
  });

  it('refuses answers for attendees the order does not have', () => {
    expect(validate({ ...complete, attendees: [...complete.attendees, {}] })).toEqual({
      'attendees.2': ['There is no such attendee in the order'],
    });
  });
});
