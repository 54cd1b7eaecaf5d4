import { z } from 'zod';
import { route } from '../../kit/http/routeContract';
import { Refusal } from '../../kit/refusal';
import { entityId } from '../../kit/http/ids';
import { isDefaultQuestion, questionAskedPer, questionTypes } from './questionEvents';
import type { Question, QuestionDefinition } from './questionEvents';
import { questionsProjection } from '../../../projections/questions';

/**
 * The questions API (`/api/events/{eventId}/questions`): requests, responses, and how a request becomes a
 * definition. Lengths and options are the decider's rules (`checkQuestion`), so a definition's field errors
 * come at once; the schemas check the shapes.
 */

const definitionFields = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable().optional(),
  type: z.enum(questionTypes as [QuestionDefinition['type'], ...QuestionDefinition['type'][]]),
  options: z.array(z.string().max(10_000)).max(1000).optional(),
  required: z.boolean().optional(),
  hidden: z.boolean().optional(),
  asked_per: z
    .enum(questionAskedPer as [QuestionDefinition['askedPer'], ...QuestionDefinition['askedPer'][]])
    .optional(),
  applicable_ticket_ids: z.array(entityId).max(1000).optional(),
};

export const createQuestionSchema = z.object(definitionFields).strict();
export const updateQuestionSchema = z.object(definitionFields).partial().strict();
/** The organizer's questions (not the default ones) in their new order, each exactly once. */
export const sortQuestionsSchema = z
  .object({ question_ids: z.array(z.string().max(100)).max(1000) })
  .strict();

export const questionResponseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(questionTypes as [QuestionDefinition['type'], ...QuestionDefinition['type'][]]),
  options: z.array(z.string()),
  required: z.boolean(),
  hidden: z.boolean(),
  asked_per: z.enum(
    questionAskedPer as [QuestionDefinition['askedPer'], ...QuestionDefinition['askedPer'][]],
  ),
  applicable_ticket_ids: z.array(z.string()),
  /** First name, last name and email: asked in every event, never edited, deleted or sorted. */
  is_default: z.boolean(),
});
export const questionEnvelopeSchema = z.object({ data: questionResponseSchema });
export const questionListResponseSchema = z.object({ data: z.array(questionResponseSchema) });

export function toQuestionDefinition(input: z.infer<typeof createQuestionSchema>): QuestionDefinition {
  return {
    title: input.title,
    description: input.description ?? null,
    type: input.type,
    options: input.options ?? [],
    required: input.required ?? false,
    hidden: input.hidden ?? false,
    askedPer: input.asked_per ?? 'ORDER',
    applicableTicketIds: input.applicable_ticket_ids ?? [],
  };
}

export function toQuestionChanges(input: z.infer<typeof updateQuestionSchema>): Partial<QuestionDefinition> {
  const changes: Partial<QuestionDefinition> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) changes.type = input.type;
  if (input.options !== undefined) changes.options = input.options;
  if (input.required !== undefined) changes.required = input.required;
  if (input.hidden !== undefined) changes.hidden = input.hidden;
  if (input.asked_per !== undefined) changes.askedPer = input.asked_per;
  if (input.applicable_ticket_ids !== undefined) changes.applicableTicketIds = input.applicable_ticket_ids;
  return changes;
}

export function presentQuestion(question: Question): z.infer<typeof questionResponseSchema> {
  return {
    id: question.questionId,
    title: question.title,
    description: question.description,
    type: question.type,
    options: [...question.options],
    required: question.required,
    hidden: question.hidden,
    asked_per: question.askedPer,
    applicable_ticket_ids: [...question.applicableTicketIds],
    is_default: isDefaultQuestion(question.questionId),
  };
}

/** A question id of the path: one of the event's own (`qu_…`) or a default question's. */
export function questionIdOrNotFound(value: string | undefined): string {
  if (value !== undefined && isDefaultQuestion(value)) return value;
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('question_not_found');
  return parsed.data;
}

export const questionRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/questions',
    reads: [questionsProjection],
    summary: "The event's questions, the three default ones first",
    response: questionListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/questions',
    summary: 'Ask a question per order or per attendee',
    body: createQuestionSchema,
    response: questionEnvelopeSchema,
    status: 201,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/questions/sort',
    summary: 'Save the order of the questions',
    body: sortQuestionsSchema,
    response: questionListResponseSchema,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/questions/:questionId',
    reads: [questionsProjection],
    summary: 'A question',
    response: questionEnvelopeSchema,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/questions/:questionId',
    summary: 'Change a question (not a default one)',
    body: updateQuestionSchema,
    response: questionEnvelopeSchema,
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/questions/:questionId',
    summary: 'Delete a question (not a default one)',
    status: 204,
  }),
];
