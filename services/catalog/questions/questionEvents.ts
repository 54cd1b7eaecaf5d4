/** The questions a buyer answers at checkout, per order or per attendee. */

export type QuestionType =
  'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';

export const questionTypes: readonly QuestionType[] = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'DATE',
  'ADDRESS',
];

/** The types answered by picking among the question's options: they need at least one. */
export const choiceQuestionTypes: readonly QuestionType[] = ['CHECKBOX', 'RADIO', 'DROPDOWN'];

/** Asked once for the whole order (of the buyer) or once for each attendee (each ticket bought). */
export type QuestionAskedPer = 'ORDER' | 'ATTENDEE';

export const questionAskedPer: readonly QuestionAskedPer[] = ['ORDER', 'ATTENDEE'];

export interface QuestionDefinition {
  title: string;
  description: string | null;
  type: QuestionType;
  /** The choices of a CHECKBOX, RADIO or DROPDOWN question, in display order; empty for the other types. */
  options: readonly string[];
  required: boolean;
  /** Seen and answered by the organizer only, never asked of buyers. */
  hidden: boolean;
  askedPer: QuestionAskedPer;
  /** Empty: asked for every ticket of the event. */
  applicableTicketIds: readonly string[];
}

export interface Question extends QuestionDefinition {
  questionId: string;
}

/**
 * First name, last name and email: asked of the buyer and of every attendee in every event, without being
 * recorded anywhere. They cannot be edited, deleted or sorted (`default_question_locked`); the checkout
 * validates them with its own fields, `validateAnswers` covers the organizer's questions.
 */
export const defaultQuestions: readonly Question[] = [
  { questionId: 'default_first_name', title: 'First name' },
  { questionId: 'default_last_name', title: 'Last name' },
  { questionId: 'default_email', title: 'Email' },
].map((question) => ({
  ...question,
  description: null,
  type: 'SINGLE_LINE_TEXT',
  options: [],
  required: true,
  hidden: false,
  askedPer: 'ATTENDEE',
  applicableTicketIds: [],
}));

export function isDefaultQuestion(questionId: string): boolean {
  return defaultQuestions.some((question) => question.questionId === questionId);
}

export const questionStream = (questionId: string): string => `question-${questionId}`;
/** The order the organizer sorted the event's questions into (the default questions always come first). */
export const questionOrderStream = (eventId: string): string => `question-order-${eventId}`;

export type QuestionCreated = {
  type: 'QuestionCreated';
  data: QuestionDefinition & { questionId: string; eventId: string; createdAt: string };
};
export type QuestionUpdated = {
  type: 'QuestionUpdated';
  data: { questionId: string; eventId: string; changes: Partial<QuestionDefinition>; updatedAt: string };
};
export type QuestionDeleted = {
  type: 'QuestionDeleted';
  data: { questionId: string; eventId: string; deletedAt: string };
};

export type QuestionEvent = QuestionCreated | QuestionUpdated | QuestionDeleted;

export const questionEventTypes: readonly QuestionEvent['type'][] = [
  'QuestionCreated',
  'QuestionUpdated',
  'QuestionDeleted',
];

/** Questions not in the list (created after the sort) follow it in the order they were created. */
export type QuestionsSorted = {
  type: 'QuestionsSorted';
  data: { eventId: string; questionIds: readonly string[]; sortedAt: string };
};

export type QuestionOrderEvent = QuestionsSorted;

export const questionOrderEventTypes: readonly QuestionOrderEvent['type'][] = ['QuestionsSorted'];
