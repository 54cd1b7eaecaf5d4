import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import { isDefaultQuestion, type QuestionOrderEvent } from './questionEvents';

export type SortQuestions = {
  type: 'SortQuestions';
  eventId: string;
  /** The organizer's questions in their new order. */
  questionIds: readonly string[];
  /** The event's questions now (an advisory fact the route reads): the sort must name each exactly once. */
  currentQuestionIds: readonly string[];
  now: Date;
};

export type QuestionOrderState = { questionIds: readonly string[] };

export const questionOrderDecider: Decider<SortQuestions, QuestionOrderEvent, QuestionOrderState> = {
  initialState: () => ({ questionIds: [] }),
  evolve: (_state, event) => ({ questionIds: event.data.questionIds }),
  decide(command, state) {
    if (command.questionIds.some(isDefaultQuestion)) refuse('default_question_locked');
    const sorted = new Set(command.questionIds);
    const current = new Set(command.currentQuestionIds);
    const samePermutation =
      sorted.size === command.questionIds.length &&
      sorted.size === current.size &&
      [...sorted].every((questionId) => current.has(questionId));
    if (!samePermutation)
      refuse('question_sort_failed', undefined, {
        question_ids: ["Send each of the event's questions exactly once"],
      });
    if (JSON.stringify(state.questionIds) === JSON.stringify(command.questionIds)) return [];
    return [
      {
        type: 'QuestionsSorted',
        data: {
          eventId: command.eventId,
          questionIds: [...command.questionIds],
          sortedAt: command.now.toISOString(),
        },
      },
    ];
  },
};

/**
 * The organizer's questions in their order: the sorted ones, then those created since the last sort in the
 * order given (their creation order). The default questions come before all of them.
 */
export function orderQuestions<Item extends { questionId: string }>(
  questions: readonly Item[],
  sortedIds: readonly string[],
): Item[] {
  const rank = new Map(sortedIds.map((questionId, index) => [questionId, index]));
  return questions
    .map((question, index) => ({ question, index }))
    .sort((a, b) => {
      const rankA = rank.get(a.question.questionId) ?? sortedIds.length + a.index;
      const rankB = rank.get(b.question.questionId) ?? sortedIds.length + b.index;
      return rankA - rankB;
    })
    .map(({ question }) => question);
}
