import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findEventQuestion,
  listEventQuestions,
  questionOf,
  questionsProjection,
} from '../../../projections/questions';
import { checkTicketsOfEvent } from '../applicableTickets';
import { ownedEvent } from '../events/ownedEvent';
import { questionDecider, type QuestionCommand } from './questionDecider';
import { defaultQuestions, isDefaultQuestion, questionOrderStream, questionStream } from './questionEvents';
import { questionOrderDecider } from './questionOrderDecider';
import {
  createQuestionSchema,
  presentQuestion,
  questionIdOrNotFound,
  sortQuestionsSchema,
  toQuestionChanges,
  toQuestionDefinition,
  updateQuestionSchema,
} from './questionSchemas';

/**
 * The organizer's questions (`/api/events/:eventId/questions`): the default first name, last name and email
 * first, then the event's own in the organizer's order. Rules in questionDecider and questionOrderDecider.
 */
export function questionRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));
  const readModels = [questionsProjection.name];

  async function list(eventId: string) {
    const own = (await listEventQuestions(services.db, eventId)).map(questionOf);
    return [...defaultQuestions, ...own].map(presentQuestion);
  }

  async function run(ctx: Context, questionId: string, command: QuestionCommand) {
    return execute(ctx, services, {
      decider: questionDecider,
      stream: questionStream(questionId),
      command,
      readModels,
    });
  }

  async function answerWith(eventId: string, questionId: string) {
    const row = await findEventQuestion(services.db, eventId, questionId);
    if (!row) throw new Refusal('question_not_found');
    return presentQuestion(questionOf(row));
  }

  async function ownedQuestion(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    return { eventId, questionId: questionIdOrNotFound(pathParam(ctx, 'questionId')) };
  }

  router.get('/events/:eventId/questions', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: await list(eventId) };
  });

  router.post('/events/:eventId/questions', async (ctx) => {
    const input = body(ctx, createQuestionSchema);
    const { eventId } = await ownedEvent(ctx, services);
    await checkTicketsOfEvent(services.db, eventId, input.applicable_ticket_ids);
    const questionId = services.ids.entity('qu');
    await run(ctx, questionId, {
      type: 'CreateQuestion',
      questionId,
      eventId,
      definition: toQuestionDefinition(input),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/questions/${questionId}`);
    ctx.body = { data: await answerWith(eventId, questionId) };
  });

  // Before `/:questionId`, so `sort` is not read as a question id.
  router.put('/events/:eventId/questions/sort', async (ctx) => {
    const input = body(ctx, sortQuestionsSchema);
    const { eventId } = await ownedEvent(ctx, services);
    // The event's questions now: an advisory fact; a question created or deleted meanwhile fails the sort.
    const current = (await listEventQuestions(services.db, eventId)).map((row) => row.id);
    await execute(ctx, services, {
      decider: questionOrderDecider,
      stream: questionOrderStream(eventId),
      command: {
        type: 'SortQuestions',
        eventId,
        questionIds: input.question_ids,
        currentQuestionIds: current,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await list(eventId) };
  });

  router.get('/events/:eventId/questions/:questionId', async (ctx) => {
    const { eventId, questionId } = await ownedQuestion(ctx);
    const fixed = defaultQuestions.find((question) => question.questionId === questionId);
    ctx.body = { data: fixed ? presentQuestion(fixed) : await answerWith(eventId, questionId) };
  });

  router.put('/events/:eventId/questions/:questionId', async (ctx) => {
    const input = body(ctx, updateQuestionSchema);
    const { eventId, questionId } = await ownedQuestion(ctx);
    if (isDefaultQuestion(questionId)) throw new Refusal('default_question_locked');
    await checkTicketsOfEvent(services.db, eventId, input.applicable_ticket_ids);
    await run(ctx, questionId, {
      type: 'UpdateQuestion',
      questionId,
      eventId,
      changes: toQuestionChanges(input),
      now: services.clock.now(),
    });
    ctx.body = { data: await answerWith(eventId, questionId) };
  });

  router.delete('/events/:eventId/questions/:questionId', async (ctx) => {
    const { eventId, questionId } = await ownedQuestion(ctx);
    await run(ctx, questionId, { type: 'DeleteQuestion', questionId, eventId, now: services.clock.now() });
    ctx.status = 204;
  });

  return router;
}
