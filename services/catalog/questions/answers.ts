import type { FieldErrors } from '../../kit/refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../kit/text';
import type { Question } from './questionEvents';

export interface AddressAnswer {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  stateOrRegion?: string | null;
  zipOrPostalCode: string;
  country: string;
}

/** Text, a date (`YYYY-MM-DD`) or the chosen option of RADIO and DROPDOWN; the ticked options of CHECKBOX. */
export type Answer = string | readonly string[] | AddressAnswer;

export type AnswerSheet = Readonly<Record<string, Answer | null | undefined>>;

export interface Answers {
  /** The per-order questions' answers, by question id. */
  order: AnswerSheet;
  /** The per-attendee questions' answers, one sheet per attendee in the order's attendee order. */
  attendees: readonly AnswerSheet[];
}

export const maxSingleLineAnswerLength = 1_000;
export const maxMultiLineAnswerLength = 10_000;
export const maxAddressFieldLength = 255;

/**
 * The checkout's check of a buyer's answers to the organizer's questions (the default questions are its own
 * fields). `ticketIds` holds the ticket of each attendee, by attendee index. A question is asked when it is
 * not hidden (hidden questions are the organizer's) and applies to the ticket: per attendee, that attendee's
 * ticket; per order, any ticket of the order. Errors are keyed by question id for per-order questions and
 * `attendees.<index>.<question id>` for per-attendee ones, with `.<field>` for an address's fields; an empty
 * result means the answers are acceptable.
 */
export function validateAnswers(
  questions: readonly Question[],
  answers: Answers,
  order: { ticketIds: readonly string[] },
): FieldErrors {
  const errors: FieldErrors = {};
  const byId = new Map(questions.map((question) => [question.questionId, question]));
  const appliesTo = (question: Question, ticketId: string) =>
    question.applicableTicketIds.length === 0 || question.applicableTicketIds.includes(ticketId);

  const askedOfOrder = questions.filter(
    (question) =>
      !question.hidden &&
      question.askedPer === 'ORDER' &&
      (question.applicableTicketIds.length === 0 ||
        order.ticketIds.some((ticketId) => appliesTo(question, ticketId))),
  );
  checkSheet(askedOfOrder, answers.order, '', byId, errors);

  order.ticketIds.forEach((ticketId, index) => {
    const asked = questions.filter(
      (question) => !question.hidden && question.askedPer === 'ATTENDEE' && appliesTo(question, ticketId),
    );
    checkSheet(asked, answers.attendees[index] ?? {}, `attendees.${index}.`, byId, errors);
  });
  for (let index = order.ticketIds.length; index < answers.attendees.length; index++)
    errors[`attendees.${index}`] = ['There is no such attendee in the order'];
  return errors;
}

function checkSheet(
  asked: readonly Question[],
  sheet: AnswerSheet,
  prefix: string,
  byId: ReadonlyMap<string, Question>,
  errors: FieldErrors,
): void {
  const askedIds = new Set(asked.map((question) => question.questionId));
  for (const [questionId, answer] of Object.entries(sheet)) {
    if (answer === undefined || answer === null || askedIds.has(questionId)) continue;
    errors[`${prefix}${questionId}`] = [
      byId.has(questionId) ? 'This question is not asked here' : 'There is no such question',
    ];
  }
  for (const question of asked) {
    const key = `${prefix}${question.questionId}`;
    const answer = sheet[question.questionId];
    if (isBlank(answer)) {
      if (question.required) errors[key] = ['This question requires an answer'];
      continue;
    }
    Object.assign(errors, checkAnswer(question, answer, key));
  }
}

function isBlank(answer: Answer | null | undefined): answer is null | undefined {
  if (answer === null || answer === undefined) return true;
  if (typeof answer === 'string') return answer.trim().length === 0;
  if (Array.isArray(answer)) return answer.length === 0;
  return Object.values(answer).every((value) => typeof value !== 'string' || value.trim().length === 0);
}

const wrongShape = (key: string): FieldErrors => ({ [key]: ['The answer has the wrong shape'] });

function checkAnswer(question: Question, answer: Answer, key: string): FieldErrors {
  switch (question.type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT': {
      if (typeof answer !== 'string') return wrongShape(key);
      const singleLine = question.type === 'SINGLE_LINE_TEXT';
      const forbidden = forbiddenCharacter(answer, singleLine ? 'single' : 'multi');
      if (forbidden) return { [key]: [forbiddenCharacterMessage(forbidden)] };
      const max = singleLine ? maxSingleLineAnswerLength : maxMultiLineAnswerLength;
      return answer.length > max ? { [key]: [`The answer must be at most ${max} characters`] } : {};
    }
    case 'RADIO':
    case 'DROPDOWN':
      if (typeof answer !== 'string') return wrongShape(key);
      return question.options.includes(answer) ? {} : { [key]: ['Choose one of the options'] };
    case 'CHECKBOX': {
      if (!Array.isArray(answer) || !answer.every((value) => typeof value === 'string'))
        return wrongShape(key);
      const ticked = answer as readonly string[];
      if (new Set(ticked).size !== ticked.length) return { [key]: ['An option is ticked twice'] };
      return ticked.every((value) => question.options.includes(value))
        ? {}
        : { [key]: ['Choose among the options'] };
    }
    case 'DATE':
      if (typeof answer !== 'string') return wrongShape(key);
      return isCalendarDate(answer) ? {} : { [key]: ['Enter a date as YYYY-MM-DD'] };
    case 'ADDRESS':
      if (typeof answer !== 'object' || Array.isArray(answer)) return wrongShape(key);
      return checkAddress(answer as AddressAnswer, key);
  }
}

const addressFields: readonly [keyof AddressAnswer, string, boolean][] = [
  ['addressLine1', 'address_line_1', true],
  ['addressLine2', 'address_line_2', false],
  ['city', 'city', true],
  ['stateOrRegion', 'state_or_region', false],
  ['zipOrPostalCode', 'zip_or_postal_code', true],
  ['country', 'country', true],
];

function checkAddress(address: AddressAnswer, key: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, name, required] of addressFields) {
    const value: unknown = address[field];
    const fieldKey = `${key}.${name}`;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) errors[fieldKey] = ['This field is required'];
      continue;
    }
    if (typeof value !== 'string') {
      errors[fieldKey] = ['The answer has the wrong shape'];
      continue;
    }
    const forbidden = forbiddenCharacter(value, 'single');
    if (forbidden) errors[fieldKey] = [forbiddenCharacterMessage(forbidden)];
    else if (value.length > maxAddressFieldLength)
      errors[fieldKey] = [`At most ${maxAddressFieldLength} characters`];
  }
  return errors;
}

/** A real day of the Gregorian calendar written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
