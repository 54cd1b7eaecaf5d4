import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { checkQuestion, questionDecider, type CreateQuestion } from './questionDecider';
import {
  defaultQuestions,
  type QuestionCreated,
  type QuestionDefinition,
  type QuestionEvent,
} from './questionEvents';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(questionDecider);

function definition(overrides: Partial<QuestionDefinition> = {}): QuestionDefinition {
  return {
    title: 'T-shirt size',
    description: null,
    type: 'DROPDOWN',
    options: ['S', 'M', 'L'],
    required: true,
    hidden: false,
    askedPer: 'ATTENDEE',
    applicableTicketIds: [],
    ...overrides,
  };
}

const create = (overrides: Partial<QuestionDefinition> = {}, questionId = 'qu_1'): CreateQuestion => ({
  type: 'CreateQuestion',
  questionId,
  eventId: 'ev_1',
  definition: definition(overrides),
  now,
});

function created(overrides: Partial<QuestionDefinition> = {}): QuestionCreated {
  return {
    type: 'QuestionCreated',
    data: { questionId: 'qu_1', eventId: 'ev_1', ...definition(overrides), createdAt: at },
  };
}

const deleted: QuestionEvent = {
  type: 'QuestionDeleted',
  data: { questionId: 'qu_1', eventId: 'ev_1', deletedAt: at },
};

const update = (changes: Partial<QuestionDefinition>, eventId = 'ev_1', questionId = 'qu_1') => ({
  type: 'UpdateQuestion' as const,
  questionId,
  eventId,
  changes,
  now,
});
const remove = (eventId = 'ev_1', questionId = 'qu_1') => ({
  type: 'DeleteQuestion' as const,
  questionId,
  eventId,
  now,
});

describe('CreateQuestion', () => {
  it('creates a question with its title, options and ticket ids trimmed and deduplicated', () => {
    spec
      .given([])
      .when(
        create({
          title: '  T-shirt size ',
          description: '  ',
          options: [' S', 'M', 'L ', 'M'],
          applicableTicketIds: ['ti_1', 'ti_1'],
        }),
      )
      .then([created({ applicableTicketIds: ['ti_1'] })]);
  });
  it('creates each type, with options for the choice types only', () => {
    for (const type of ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'DATE', 'ADDRESS'] as const) {
      spec
        .given([])
        .when(create({ type, options: [] }))
        .then([created({ type, options: [] })]);
    }
    for (const type of ['CHECKBOX', 'RADIO', 'DROPDOWN'] as const) {
      spec
        .given([])
        .when(create({ type }))
        .then([created({ type })]);
    }
  });
  it('stays quiet when the same creation is repeated', () => {
    spec.given([created()]).when(create()).thenNothingHappened();
  });
  it('stays quiet on a repeat whatever the key order the store read back (PostgreSQL jsonb sorts keys)', () => {
    const { data } = created();
    const reordered = Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));
    spec
      .given([{ type: 'QuestionCreated', data: reordered as QuestionCreated['data'] }])
      .when(create())
      .thenNothingHappened();
  });
  it('refuses another definition under an id that exists or existed', () => {
    spec
      .given([created()])
      .when(create({ required: false }))
      .thenRefused('question_already_exists');
    spec.given([created(), deleted]).when(create()).thenRefused('question_already_exists');
  });
  it('refuses to create a question under a default question’s id', () => {
    spec.given([]).when(create({}, 'default_email')).thenRefused('default_question_locked');
  });

  describe('refuses bad input with field errors', () => {
    const cases: [string, Partial<QuestionDefinition>, string][] = [
      ['an empty title', { title: '   ' }, 'title'],
      ['a title of 150 characters', { title: 'x'.repeat(150) }, 'title'],
      ['a title with a line break', { title: 'T-shirt\nsize' }, 'title'],
      ['a description of 50,000 characters', { description: 'x'.repeat(50_000) }, 'description'],
      ['a choice question without options', { options: [] }, 'options'],
      ['a choice question with only blank options', { type: 'RADIO', options: [' '] }, 'options'],
      ['a blank option among others', { type: 'CHECKBOX', options: ['Vegan', ''] }, 'options'],
      ['an option of 150 characters', { options: ['x'.repeat(150)] }, 'options'],
      ['options on a text question', { type: 'SINGLE_LINE_TEXT', options: ['A'] }, 'options'],
      ['an unknown type', { type: 'SIGNATURE' as never }, 'type'],
      ['an unknown audience', { askedPer: 'TICKET' as never }, 'asked_per'],
      ['an empty ticket id', { applicableTicketIds: [''] }, 'applicable_ticket_ids'],
    ];
    for (const [name, overrides, field] of cases) {
      it(name, () => {
        spec.given([]).when(create(overrides)).thenRefused('validation_failed', [field]);
      });
    }
    it('all at once', () => {
      spec
        .given([])
        .when(create({ title: '', options: [], askedPer: 'EVENT' as never }))
        .thenRefused('validation_failed', ['title', 'options', 'asked_per']);
    });
  });

  it('accepts the limits: a title of 149 characters, a description of 49,999', () => {
    expect(() => checkQuestion(definition({ title: 'x'.repeat(149) }))).not.toThrow();
    expect(() => checkQuestion(definition({ description: 'x'.repeat(49_999) }))).not.toThrow();
  });
});

describe('UpdateQuestion', () => {
  it('records only what changed', () => {
    spec
      .given([created()])
      .when(update({ title: 'T-shirt size', required: false, hidden: undefined }))
      .then([
        {
          type: 'QuestionUpdated',
          data: { questionId: 'qu_1', eventId: 'ev_1', changes: { required: false }, updatedAt: at },
        },
      ]);
  });
  it('drops the options when a choice question becomes a text question', () => {
    spec
      .given([created()])
      .when(update({ type: 'MULTI_LINE_TEXT', options: [] }))
      .then([
        {
          type: 'QuestionUpdated',
          data: {
            questionId: 'qu_1',
            eventId: 'ev_1',
            changes: { type: 'MULTI_LINE_TEXT', options: [] },
            updatedAt: at,
          },
        },
      ]);
  });
  it('checks the question as it would become', () => {
    spec
      .given([created({ type: 'DATE', options: [] })])
      .when(update({ type: 'RADIO' }))
      .thenRefused('validation_failed', ['options']);
  });
  it('stays quiet when nothing changes', () => {
    spec
      .given([created()])
      .when(update({ options: ['S', 'M', 'L'] }))
      .thenNothingHappened();
  });
  it('refuses a question that does not exist, was deleted or belongs to another event', () => {
    spec
      .given([])
      .when(update({ required: false }))
      .thenRefused('question_not_found');
    spec
      .given([created(), deleted])
      .when(update({ required: false }))
      .thenRefused('question_not_found');
    spec
      .given([created()])
      .when(update({ required: false }, 'ev_2'))
      .thenRefused('question_not_found');
  });
  it('refuses to edit a default question', () => {
    for (const { questionId } of defaultQuestions)
      spec
        .given([])
        .when(update({ title: 'Given name' }, 'ev_1', questionId))
        .thenRefused('default_question_locked');
  });
});

describe('DeleteQuestion', () => {
  it('deletes the question', () => {
    spec.given([created()]).when(remove()).then([deleted]);
  });
  it('stays quiet when repeated', () => {
    spec.given([created(), deleted]).when(remove()).thenNothingHappened();
  });
  it('refuses a question that never existed or belongs to another event', () => {
    spec.given([]).when(remove()).thenRefused('question_not_found');
    spec.given([created()]).when(remove('ev_2')).thenRefused('question_not_found');
    spec.given([created(), deleted]).when(remove('ev_2')).thenRefused('question_not_found');
  });
  it('refuses to delete a default question', () => {
    for (const { questionId } of defaultQuestions)
      spec.given([]).when(remove('ev_1', questionId)).thenRefused('default_question_locked');
  });
});

describe('the default questions', () => {
  it('are first name, last name and email, required of every attendee', () => {
    expect(defaultQuestions.map((question) => question.title)).toEqual(['First name', 'Last name', 'Email']);
    expect(defaultQuestions.every((question) => question.required && !question.hidden)).toBe(true);
  });
});
