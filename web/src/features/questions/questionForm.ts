import type { ClientErrors } from '../../shared/forms/useForm';
import type { Question, QuestionRequest, QuestionType } from './api';
import { questionDialogMessages as m } from './messages';

export const QUESTION_TYPES = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'DATE',
  'ADDRESS',
] as const satisfies readonly QuestionType[];
/** The types a buyer answers by choosing among the options: at least one option. */
export const CHOICE_TYPES: readonly QuestionType[] = ['CHECKBOX', 'RADIO', 'DROPDOWN'];

export const FIELDS = [
  'title',
  'description',
  'type',
  'options',
  'required',
  'hidden',
  'asked_per',
  'applicable_ticket_ids',
] as const;
export type Field = (typeof FIELDS)[number];
/** The fields as typed, flags 'true' or 'false'; options and tickets are kept beside them. */
export type Values = Record<Field, string>;
export const maxTitleLength = 149;

export function initialValues(question: Question | null): Values {
  return {
    title: question?.title ?? '',
    description: question?.description ?? '',
    type: question?.type ?? 'SINGLE_LINE_TEXT',
    options: '',
    required: question?.required ? 'true' : 'false',
    hidden: question?.hidden ? 'true' : 'false',
    asked_per: question?.asked_per ?? 'ORDER',
    applicable_ticket_ids: '',
  };
}

export function isChoice(type: string): boolean {
  return CHOICE_TYPES.includes(type as QuestionType);
}

/** The client's checks (spec section 5); the server checks the same and its field errors show too. */
export function validate(values: Values, options: readonly string[]): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  const title = values.title.trim();
  if (!title) errors.title = m.titleRequired;
  else if (title.length > maxTitleLength) errors.title = m.titleTooLong;
  if (isChoice(values.type)) {
    const filled = options.map((option) => option.trim());
    if (filled.length === 0) errors.options = m.optionsRequired;
    else if (filled.some((option) => option.length === 0)) errors.options = m.optionEmpty;
  }
  return errors;
}

/** The request: options only for choice types, empty tickets meaning every ticket. */
export function toRequest(
  values: Values,
  options: readonly string[],
  ticketIds: readonly string[],
): QuestionRequest {
  const type = values.type as QuestionType;
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    type,
    options: isChoice(type) ? options.map((option) => option.trim()) : [],
    required: values.required === 'true',
    hidden: values.hidden === 'true',
    asked_per: values.asked_per === 'ATTENDEE' ? 'ATTENDEE' : 'ORDER',
    applicable_ticket_ids: [...ticketIds],
  };
}
