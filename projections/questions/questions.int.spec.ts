import { afterEach, beforeEach, expect, it } from 'vitest';
import type { QuestionEvent, QuestionOrderEvent } from '../../services/catalog/questions/questionEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { questionsProjection } from '.';

type Given = GivenEvent<QuestionEvent | QuestionOrderEvent>;
const created = (questionId: string, title: string, hidden = false): Given => ({
  stream: `question-${questionId}`,
  type: 'QuestionCreated',
  data: {
    questionId,
    eventId: 'ev_1',
    title,
    description: null,
    type: 'RADIO',
    options: ['S', 'M', 'L'],
    required: true,
    hidden,
    askedPer: 'ATTENDEE',
    applicableTicketIds: [],
    createdAt: '2026-11-01T10:00:00.000Z',
  },
});

describeEachStorage('questions read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps questions with their edits and sort places, drops deleted ones, the same when rebuilt', async () => {
    const { rows, keys } = await projectionSpec<QuestionEvent | QuestionOrderEvent>(
      storage,
      questionsProjection,
    )
      .given([
        created('qu_1', 'T-shirt size'),
        created('qu_2', 'Diet', true),
        created('qu_3', 'Gone'),
        {
          stream: 'question-qu_1',
          type: 'QuestionUpdated',
          data: {
            questionId: 'qu_1',
            eventId: 'ev_1',
            changes: { title: 'Shirt size', options: ['M', 'L'] },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'question-qu_3',
          type: 'QuestionDeleted',
          data: { questionId: 'qu_3', eventId: 'ev_1', deletedAt: '2026-11-02T11:00:00.000Z' },
        },
        {
          stream: 'question-order-ev_1',
          type: 'QuestionsSorted',
          data: { eventId: 'ev_1', questionIds: ['qu_2', 'qu_1'], sortedAt: '2026-11-03T10:00:00.000Z' },
        },
        created('qu_4', 'Late'),
      ])
      .then({ questions: ['id'] });

    expect(rows.questions).toEqual([
      expect.objectContaining({
        id: 'qu_1',
        title: 'Shirt size',
        options: '["M","L"]',
        sort_order: 1,
        revision: 1,
      }),
      expect.objectContaining({ id: 'qu_2', title: 'Diet', sort_order: 0 }),
      expect.objectContaining({ id: 'qu_4', title: 'Late', sort_order: null }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['question:qu_1', 'event:ev_1']));
  });
});
