import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { MailTemplateEvent, OrderMailKind, OrderMailTemplate } from './mailTemplateEvents';
import { unknownPlaceholders } from './orderMail';

export type SaveOrderMailTemplate = {
  type: 'SaveOrderMailTemplate';
  eventId: string;
  accountId: string;
  kind: OrderMailKind;
  /** The body already sanitised. */
  template: OrderMailTemplate;
  savedBy: string;
  now: Date;
};

export type ResetOrderMailTemplate = {
  type: 'ResetOrderMailTemplate';
  eventId: string;
  accountId: string;
  kind: OrderMailKind;
  resetBy: string;
  now: Date;
};

export type MailTemplateCommand = SaveOrderMailTemplate | ResetOrderMailTemplate;

export interface MailTemplateState {
  templates: Partial<Record<OrderMailKind, OrderMailTemplate>>;
}

export const maxTemplateSubjectLength = 200;
export const maxTemplateBodyLength = 20_000;

export const mailTemplateDecider: Decider<MailTemplateCommand, MailTemplateEvent, MailTemplateState> = {
  initialState: () => ({ templates: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'OrderMailTemplateSaved':
        return {
          templates: {
            ...state.templates,
            [event.data.kind]: { subject: event.data.subject, body: event.data.body },
          },
        };
      case 'OrderMailTemplateReset': {
        const templates = { ...state.templates };
        delete templates[event.data.kind];
        return { templates };
      }
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    const { eventId, accountId, kind } = command;
    switch (command.type) {
      case 'SaveOrderMailTemplate': {
        const template = checkTemplate(kind, command.template);
        const current = state.templates[kind];
        if (current && current.subject === template.subject && current.body === template.body) return [];
        return [
          {
            type: 'OrderMailTemplateSaved',
            data: { eventId, accountId, kind, ...template, savedBy: command.savedBy, savedAt: at },
          },
        ];
      }
      case 'ResetOrderMailTemplate':
        if (!state.templates[kind]) return [];
        return [
          {
            type: 'OrderMailTemplateReset',
            data: { eventId, accountId, kind, resetBy: command.resetBy, resetAt: at },
          },
        ];
    }
  },
};

/** Trimmed, or a `validation_failed` refusal naming every bad field (unknown placeholders included). */
export function checkTemplate(kind: OrderMailKind, template: OrderMailTemplate): OrderMailTemplate {
  const subject = template.subject.trim();
  const body = template.body.trim();
  const errors: Record<string, string[]> = {};
  const unknown = (text: string) => {
    const names = unknownPlaceholders(kind, text);
    return names.length > 0
      ? [`Unknown placeholder: ${names.map((name) => `{{ ${name} }}`).join(', ')}`]
      : [];
  };
  const subjectErrors = !subject
    ? ['Write a subject']
    : subject.length > maxTemplateSubjectLength
      ? [`At most ${maxTemplateSubjectLength} characters`]
      : unknown(subject);
  const bodyErrors = !body
    ? ['Write the text']
    : body.length > maxTemplateBodyLength
      ? [`At most ${maxTemplateBodyLength} characters`]
      : unknown(body);
  if (subjectErrors.length) errors.subject = subjectErrors;
  if (bodyErrors.length) errors.body = bodyErrors;
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return { subject, body };
}
