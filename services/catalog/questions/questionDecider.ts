import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../kit/text';
import { maxDescriptionLength, maxTitleLength } from '../events/eventDecider';
import {
  choiceQuestionTypes,
  isDefaultQuestion,
  questionAskedPer,
  questionTypes,
  type QuestionDefinition,
  type QuestionEvent,
} from './questionEvents';

export type CreateQuestion = {
  type: 'CreateQuestion';
  questionId: string;
  eventId: string;
  definition: QuestionDefinition;
  now: Date;
};
export type UpdateQuestion = {
  type: 'UpdateQuestion';
  questionId: string;
  eventId: string;
  changes: Partial<QuestionDefinition>;
  now: Date;
};
export type DeleteQuestion = { type: 'DeleteQuestion'; questionId: string; eventId: string; now: Date };

export type QuestionCommand = CreateQuestion | UpdateQuestion | DeleteQuestion;

export type ExistingQuestion = QuestionDefinition & {
  exists: true;
  deleted: false;
  questionId: string;
  eventId: string;
};
export type QuestionState =
  { exists: false; deleted: false } | { exists: false; deleted: true; eventId: string } | ExistingQuestion;

export const questionDecider: Decider<QuestionCommand, QuestionEvent, QuestionState> = {
  initialState: () => ({ exists: false, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'QuestionCreated': {
        const { createdAt: _createdAt, ...question } = event.data;
        return { exists: true, deleted: false, ...question };
      }
      case 'QuestionUpdated':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'QuestionDeleted':
        return { exists: false, deleted: true, eventId: event.data.eventId };
    }
  },

  decide(command, state) {
    // The default questions are no streams of their own; nothing may address them.
    if (isDefaultQuestion(command.questionId)) refuse('default_question_locked');
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateQuestion': {
        const definition = checkQuestion(command.definition);
        if (state.exists) {
          const repeat =
            state.eventId === command.eventId &&
            Object.keys(changedFields(definitionOf(state), definition)).length === 0;
          if (repeat) return [];
          refuse('question_already_exists');
        }
        if (state.deleted) refuse('question_already_exists');
        return [
          {
            type: 'QuestionCreated',
            data: { questionId: command.questionId, eventId: command.eventId, ...definition, createdAt: at },
          },
        ];
      }
      case 'UpdateQuestion': {
        if (!state.exists || state.eventId !== command.eventId) refuse('question_not_found');
        const current = definitionOf(state);
        const requested = Object.fromEntries(
          Object.entries(command.changes).filter(([, value]) => value !== undefined),
        );
        const changes = changedFields(current, checkQuestion({ ...current, ...requested }));
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'QuestionUpdated',
            data: { questionId: command.questionId, eventId: command.eventId, changes, updatedAt: at },
          },
        ];
      }
      case 'DeleteQuestion':
        if (state.deleted && state.eventId === command.eventId) return [];
        if (!state.exists || state.eventId !== command.eventId) refuse('question_not_found');
        return [
          {
            type: 'QuestionDeleted',
            data: { questionId: command.questionId, eventId: command.eventId, deletedAt: at },
          },
        ];
    }
  },
};

export const maxOptionLength = maxTitleLength;
export const maxOptions = 100;

/** The definition trimmed (options in order, without duplicates), or `validation_failed` with every field error. */
export function checkQuestion(definition: QuestionDefinition): QuestionDefinition {
  const errors: FieldErrors = {};
  const title = definition.title.trim();
  const titleForbidden = forbiddenCharacter(title, 'single');
  if (titleForbidden) errors.title = [forbiddenCharacterMessage(titleForbidden)];
  else if (title.length === 0) errors.title = ['The title is required'];
  else if (title.length > maxTitleLength)
    errors.title = [`The title must be under ${maxTitleLength + 1} characters`];

  const description = definition.description?.trim() || null;
  if (description !== null) {
    const forbidden = forbiddenCharacter(description, 'multi');
    if (forbidden) errors.description = [forbiddenCharacterMessage(forbidden)];
    else if (description.length > maxDescriptionLength)
      errors.description = [`The description must be under ${maxDescriptionLength + 1} characters`];
  }

  const options = [...new Set(definition.options.map((option) => option.trim()))];
  if (!questionTypes.includes(definition.type)) {
    errors.type = [`Choose one of ${questionTypes.join(', ')}`];
  } else if (choiceQuestionTypes.includes(definition.type)) {
    const optionErrors = options.flatMap((option) => {
      if (option.length === 0) return ['An option cannot be empty'];
      const forbidden = forbiddenCharacter(option, 'single');
      if (forbidden) return [forbiddenCharacterMessage(forbidden)];
      return option.length > maxOptionLength
        ? [`An option must be under ${maxOptionLength + 1} characters`]
        : [];
    });
    if (options.length === 0) errors.options = ['Add at least one option'];
    else if (options.length > maxOptions) errors.options = [`At most ${maxOptions} options`];
    else if (optionErrors.length > 0) errors.options = [...new Set(optionErrors)];
  } else if (options.some((option) => option.length > 0)) {
    errors.options = ['Only checkbox, radio and dropdown questions have options'];
  }

  if (!questionAskedPer.includes(definition.askedPer)) errors.asked_per = ['Ask per order or per attendee'];
  if (typeof definition.required !== 'boolean') errors.required = ['Answer yes or no'];
  if (typeof definition.hidden !== 'boolean') errors.hidden = ['Answer yes or no'];

  const applicableTicketIds = [...new Set(definition.applicableTicketIds)];
  if (applicableTicketIds.some((ticketId) => ticketId.trim().length === 0))
    errors.applicable_ticket_ids = ['Ticket ids must not be empty'];

  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return {
    title,
    description,
    type: definition.type,
    options: choiceQuestionTypes.includes(definition.type) ? options : [],
    required: definition.required,
    hidden: definition.hidden,
    askedPer: definition.askedPer,
    applicableTicketIds,
  };
}

function definitionOf(state: ExistingQuestion): QuestionDefinition {
  const {
    exists: _exists,
    deleted: _deleted,
    questionId: _questionId,
    eventId: _eventId,
    ...definition
  } = state;
  return definition;
}

/** The fields of `next` that differ from `current`, compared by value (key order of stored JSON aside). */
function changedFields(current: QuestionDefinition, next: QuestionDefinition): Partial<QuestionDefinition> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(current[key as keyof QuestionDefinition]) !== JSON.stringify(value))
      changes[key] = value;
  }
  return changes;
}
