import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  questionEventTypes,
  questionOrderEventTypes,
  type Question,
  type QuestionDefinition,
  type QuestionEvent,
  type QuestionOrderEvent,
} from '../../services/catalog/questions/questionEvents';

/** The organizer's questions of each event, in the organizer's order; what the checkout asks. */

export const questionsTable: ReadModelTable = {
  name: 'questions',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('title', 200).notNullable();
    table.text('description').nullable();
    table.string('type', 20).notNullable();
    /** JSON array, in display order. */
    table.text('options').notNullable();
    table.boolean('required').notNullable();
    table.boolean('hidden').notNullable();
    table.string('asked_per', 10).notNullable();
    /** JSON array of ticket ids; empty: every ticket. */
    table.text('applicable_ticket_ids').notNullable();
    /** Place in the organizer's last sort; null for a question created since (it follows the sorted ones). */
    table.integer('sort_order').nullable();
    /** Global position of the creation: questions not sorted yet follow in the order they were created. */
    table.bigInteger('created_position').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id'], `${tableName}_event_idx`);
  },
};

export interface QuestionRow {
  id: string;
  event_id: string;
  title: string;
  description: string | null;
  type: QuestionDefinition['type'];
  options: string;
  required: boolean | number;
  hidden: boolean | number;
  asked_per: QuestionDefinition['askedPer'];
  applicable_ticket_ids: string;
  sort_order: number | null;
  created_position: number | string;
  created_at: string;
  updated_at: string;
  revision: number;
}

const columnOf: Record<keyof QuestionDefinition, keyof QuestionRow> = {
  title: 'title',
  description: 'description',
  type: 'type',
  options: 'options',
  required: 'required',
  hidden: 'hidden',
  askedPer: 'asked_per',
  applicableTicketIds: 'applicable_ticket_ids',
};

function columns(definition: Partial<QuestionDefinition>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definition)) {
    const column = columnOf[key as keyof QuestionDefinition];
    row[column] = Array.isArray(value) ? JSON.stringify(value) : value;
  }
  return row;
}

export const questionsProjection = defineProjection<QuestionEvent | QuestionOrderEvent>({
  name: 'questions',
  tables: [questionsTable],
  handles: [...questionEventTypes, ...questionOrderEventTypes],
  async apply(trx, event, ctx) {
    const table = ctx.table('questions');
    const revision = Number(event.revision);
    if (event.type === 'QuestionsSorted') {
      const { eventId, questionIds } = event.data;
      for (const [index, questionId] of questionIds.entries())
        await trx(table).where({ id: questionId, event_id: eventId }).update({ sort_order: index });
      return [`event:${eventId}`];
    }
    const { questionId, eventId } = event.data;
    const keys = [`question:${questionId}`, `event:${eventId}`];
    switch (event.type) {
      case 'QuestionCreated': {
        const { questionId: _id, eventId: _eventId, createdAt, ...definition } = event.data;
        await trx(table)
          .insert({
            id: questionId,
            event_id: eventId,
            ...columns(definition),
            sort_order: null,
            created_position: event.position.toString(),
            created_at: createdAt,
            updated_at: createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'QuestionUpdated': {
        const updated = await trx(table)
          .where({ id: questionId })
          .where('revision', '<', revision)
          .update({ ...columns(event.data.changes), updated_at: event.data.updatedAt, revision });
        return updated > 0 ? keys : [];
      }
      case 'QuestionDeleted':
        await trx(table).where({ id: questionId }).delete();
        return keys;
    }
  },
});

/** The organizer's sorted questions first (in their order), then those created since, oldest first. */
function inOrganizerOrder(rows: QuestionRow[]): QuestionRow[] {
  return [...rows].sort((a, b) => {
    if (a.sort_order !== null && b.sort_order !== null) return a.sort_order - b.sort_order;
    if (a.sort_order !== null) return -1;
    if (b.sort_order !== null) return 1;
    return Number(a.created_position) - Number(b.created_position);
  });
}

/** The event's own questions (not the default ones) in the organizer's order, hidden ones included. */
export async function listEventQuestions(db: Knex, eventId: string): Promise<QuestionRow[]> {
  return inOrganizerOrder((await db('questions').where({ event_id: eventId })) as QuestionRow[]);
}

export async function findEventQuestion(
  db: Knex,
  eventId: string,
  questionId: string,
): Promise<QuestionRow | undefined> {
  return (await db('questions').where({ id: questionId, event_id: eventId }).first()) as
    QuestionRow | undefined;
}

export function questionOf(row: QuestionRow): Question {
  return {
    questionId: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    options: JSON.parse(row.options) as string[],
    required: Boolean(row.required),
    hidden: Boolean(row.hidden),
    askedPer: row.asked_per,
    applicableTicketIds: JSON.parse(row.applicable_ticket_ids) as string[],
  };
}

/**
 * What the checkout asks (beside the default first name, last name and email, which it validates with its own
 * fields): the organizer's questions in their order, hidden ones left out. Feed it to `validateAnswers`.
 */
export async function questionsForCheckout(db: Knex, eventId: string): Promise<Question[]> {
  return (await listEventQuestions(db, eventId)).map(questionOf).filter((question) => !question.hidden);
}
