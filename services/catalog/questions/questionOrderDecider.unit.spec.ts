import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import type { QuestionOrderEvent } from './questionEvents';
import { orderQuestions, questionOrderDecider, type SortQuestions } from './questionOrderDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(questionOrderDecider);

const sort = (questionIds: string[], currentQuestionIds = ['qu_1', 'qu_2', 'qu_3']): SortQuestions => ({
  type: 'SortQuestions',
  eventId: 'ev_1',
  questionIds,
  currentQuestionIds,
  now,
});
const sorted = (questionIds: string[]): QuestionOrderEvent => ({
  type: 'QuestionsSorted',
  data: { eventId: 'ev_1', questionIds, sortedAt: at },
});

describe('SortQuestions', () => {
  it('records the new order', () => {
    spec
      .given([])
      .when(sort(['qu_3', 'qu_1', 'qu_2']))
      .then([sorted(['qu_3', 'qu_1', 'qu_2'])]);
  });
  it('stays quiet when the order is the recorded one', () => {
    spec
      .given([sorted(['qu_3', 'qu_1', 'qu_2'])])
      .when(sort(['qu_3', 'qu_1', 'qu_2']))
      .thenNothingHappened();
  });
  it('fails to sort a list that is not exactly the event’s questions', () => {
    const failures = [
      ['qu_1', 'qu_2'], // one missing (created meanwhile)
      ['qu_1', 'qu_2', 'qu_3', 'qu_4'], // one unknown (deleted meanwhile)
      ['qu_1', 'qu_2', 'qu_2'], // one twice
      ['qu_1', 'qu_1', 'qu_2', 'qu_3'],
    ];
    for (const questionIds of failures)
      spec.given([]).when(sort(questionIds)).thenRefused('question_sort_failed', ['question_ids']);
  });
  it('refuses to sort a default question', () => {
    spec
      .given([])
      .when(sort(['default_first_name', 'qu_1', 'qu_2', 'qu_3']))
      .thenRefused('default_question_locked');
  });
});

describe('the order of the questions', () => {
  const questions = ['qu_1', 'qu_2', 'qu_3', 'qu_4'].map((questionId) => ({ questionId }));
  it('is the sorted one, then the questions created since in the order given', () => {
    expect(orderQuestions(questions, ['qu_3', 'qu_1']).map((question) => question.questionId)).toEqual([
      'qu_3',
      'qu_1',
      'qu_2',
      'qu_4',
    ]);
  });
  it('ignores sorted ids of deleted questions', () => {
    expect(orderQuestions(questions.slice(1), ['qu_1', 'qu_4', 'qu_2']).map((q) => q.questionId)).toEqual([
      'qu_4',
      'qu_2',
      'qu_3',
    ]);
  });
});
