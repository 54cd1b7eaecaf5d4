import type { CheckoutQuestion, OrderDetailsBody, PublicOrder } from './api';

/**
 * The details step's form: its values, what the buyer must still fill in (the server checks the same rules,
 * docs/orders.md), and the request it becomes. Field keys are the server's error keys: `first_name`,
 * `<questionId>`, `<questionId>.city`, `attendees.<i>.email`, `attendees.<i>.<questionId>`, `terms_agreed`.
 */

export interface AddressValue {
  address_line_1: string;
  address_line_2: string;
  city: string;
  state_or_region: string;
  zip_or_postal_code: string;
  country: string;
}
export type AnswerValue = string | string[] | AddressValue;
export type AnswerValues = Record<string, AnswerValue>;

export interface PersonValues {
  first_name: string;
  last_name: string;
  email: string;
}

/** A company invoice (issue 31): asked for with a tick; the keys are the server's field names. */
export interface CompanyValues {
  wanted: boolean;
  company: string;
  company_address: string;
  company_country: string;
  vat_id: string;
}

export interface DetailsValues {
  buyer: PersonValues;
  answers: AnswerValues;
  attendees: (PersonValues & { answers: AnswerValues })[];
  terms: boolean;
  company: CompanyValues;
}

export const noCompany = (): CompanyValues => ({
  wanted: false,
  company: '',
  company_address: '',
  company_country: '',
  vat_id: '',
});

export type Problem = 'required' | 'email' | 'terms' | 'date' | 'invalid';
export type Problems = Record<string, Problem>;

export const emptyAddress = (): AddressValue => ({
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_or_region: '',
  zip_or_postal_code: '',
  country: '',
});

export const requiredAddressFields = ['address_line_1', 'city', 'zip_or_postal_code', 'country'] as const;

const applies = (question: CheckoutQuestion, ticketId: string) =>
  question.applicable_ticket_ids.length === 0 || question.applicable_ticket_ids.includes(ticketId);

/** The per-order questions this order asks: not hidden, and applying to one of its tickets. */
export function orderQuestions(order: Pick<PublicOrder, 'questions' | 'attendees'>): CheckoutQuestion[] {
  return order.questions.filter(
    (question) =>
      !question.hidden &&
      !question.is_default &&
      question.asked_per === 'ORDER' &&
      order.attendees.some((attendee) => applies(question, attendee.ticket_id)),
  );
}

/** The per-attendee questions asked of the holder of a ticket. */
export function attendeeQuestions(
  questions: readonly CheckoutQuestion[],
  ticketId: string,
): CheckoutQuestion[] {
  return questions.filter(
    (question) =>
      !question.hidden &&
      !question.is_default &&
      question.asked_per === 'ATTENDEE' &&
      applies(question, ticketId),
  );
}

export function emptyAnswer(question: CheckoutQuestion): AnswerValue {
  if (question.type === 'CHECKBOX') return [];
  if (question.type === 'ADDRESS') return emptyAddress();
  return '';
}

/** The form as it opens: what the order already holds (a buyer coming back), else empty. */
export function initialValues(order: PublicOrder): DetailsValues {
  const person = (source: { first_name: string | null; last_name: string | null; email: string | null }) => ({
    first_name: source.first_name ?? '',
    last_name: source.last_name ?? '',
    email: source.email ?? '',
  });
  return {
    buyer: person(order),
    answers: Object.fromEntries(
      orderQuestions(order).map((question) => [question.id, emptyAnswer(question)]),
    ),
    attendees: order.attendees.map((attendee) => ({
      ...person(attendee),
      answers: Object.fromEntries(
        attendeeQuestions(order.questions, attendee.ticket_id).map((question) => [
          question.id,
          emptyAnswer(question),
        ]),
      ),
    })),
    terms: false,
    company: noCompany(),
  };
}

/** Every ticket holder gets the buyer's name and email. */
export function copyBuyerToAttendees(values: DetailsValues): DetailsValues {
  return { ...values, attendees: values.attendees.map((attendee) => ({ ...attendee, ...values.buyer })) };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isBlank(answer: AnswerValue | undefined): boolean {
  if (answer === undefined) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  const address: AddressValue = answer;
  return Object.values(address).every((value: string) => value.trim() === '');
}

function checkPerson(person: PersonValues, prefix: string, problems: Problems) {
  for (const field of ['first_name', 'last_name', 'email'] as const)
    if (person[field].trim() === '') problems[`${prefix}${field}`] = 'required';
  if (!problems[`${prefix}email`] && !EMAIL.test(person.email.trim())) problems[`${prefix}email`] = 'email';
}

function checkAnswers(
  questions: readonly CheckoutQuestion[],
  answers: AnswerValues,
  prefix: string,
  problems: Problems,
) {
  for (const question of questions) {
    const key = `${prefix}${question.id}`;
    const answer = answers[question.id];
    if (isBlank(answer)) {
      if (question.required) {
        if (question.type === 'ADDRESS')
          for (const field of requiredAddressFields) problems[`${key}.${field}`] = 'required';
        else problems[key] = 'required';
      }
      continue;
    }
    if (question.type === 'DATE' && typeof answer === 'string' && !DATE.test(answer)) problems[key] = 'date';
    if (question.type === 'ADDRESS' && typeof answer === 'object' && !Array.isArray(answer))
      for (const field of requiredAddressFields)
        if (answer[field].trim() === '') problems[`${key}.${field}`] = 'required';
  }
}

/** What stops the buyer from continuing, by field key; empty when the form can be sent. */
export function detailsProblems(order: PublicOrder, values: DetailsValues): Problems {
  const problems: Problems = {};
  checkPerson(values.buyer, '', problems);
  checkAnswers(orderQuestions(order), values.answers, '', problems);
  order.attendees.forEach((attendee, index) => {
    const holder = values.attendees[index];
    if (!holder) return;
    checkPerson(holder, `attendees.${index}.`, problems);
    checkAnswers(
      attendeeQuestions(order.questions, attendee.ticket_id),
      holder.answers,
      `attendees.${index}.`,
      problems,
    );
  });
  if (!values.terms) problems.terms_agreed = 'terms';
  if (values.company.wanted)
    for (const field of ['company', 'company_address', 'company_country'] as const)
      if (values.company[field].trim() === '') problems[field] = 'required';
  if (
    values.company.wanted &&
    !problems.company_country &&
    !/^[A-Za-z]{2}$/.test(values.company.company_country.trim())
  )
    problems.company_country = 'invalid';
  return problems;
}

type ApiAnswer = NonNullable<NonNullable<OrderDetailsBody['answers']>[string]>;

function toApiAnswers(answers: AnswerValues): Record<string, ApiAnswer> {
  const sheet: Record<string, ApiAnswer> = {};
  for (const [questionId, answer] of Object.entries(answers)) {
    if (isBlank(answer)) continue;
    if (typeof answer === 'string') sheet[questionId] = answer.trim();
    else if (Array.isArray(answer)) sheet[questionId] = answer;
    else
      sheet[questionId] = {
        address_line_1: answer.address_line_1.trim(),
        address_line_2: answer.address_line_2.trim() || null,
        city: answer.city.trim(),
        state_or_region: answer.state_or_region.trim() || null,
        zip_or_postal_code: answer.zip_or_postal_code.trim(),
        country: answer.country.trim(),
      };
  }
  return sheet;
}

const trimmed = (person: PersonValues) => ({
  first_name: person.first_name.trim(),
  last_name: person.last_name.trim(),
  email: person.email.trim(),
});

/** `PUT …/details`: blank answers are left out, names and emails trimmed. */
export function toDetailsBody(values: DetailsValues, locale: OrderDetailsBody['locale']): OrderDetailsBody {
  return {
    ...trimmed(values.buyer),
    ...(locale ? { locale } : {}),
    answers: toApiAnswers(values.answers),
    attendees: values.attendees.map((attendee) => ({
      ...trimmed(attendee),
      answers: toApiAnswers(attendee.answers),
    })),
    terms_agreed: values.terms,
    ...(values.company.wanted
      ? {
          company: values.company.company.trim(),
          company_address: values.company.company_address.trim(),
          company_country: values.company.company_country.trim().toUpperCase(),
          vat_id: values.company.vat_id.trim() || null,
        }
      : {}),
  };
}

/** The server's field errors in the form's terms: its English messages are replaced by the form's own. */
export function serverProblems(errors: Record<string, string[]>): Problems {
  const problems: Problems = {};
  for (const [field, messages] of Object.entries(errors)) {
    const text = messages.join(' ');
    problems[field] =
      field === 'terms_agreed'
        ? 'terms'
        : /required|requires/i.test(text)
          ? 'required'
          : /email/i.test(text)
            ? 'email'
            : /date/i.test(text)
              ? 'date'
              : 'invalid';
  }
  return problems;
}
