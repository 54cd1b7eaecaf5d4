/**
 * An event's own wording of the order mails (docs/email.md "Templates per event"): ONE stream per event,
 * `mail-templates-<eventId>`. The subject is plain text, the body sanitised rich text; both may hold
 * `{{ placeholder }}`s (orderMail.ts). Recorded shapes: changing one is a new event type.
 */

export const mailTemplateStream = (eventId: string): string => `mail-templates-${eventId}`;

export const orderMailKinds = ['order_confirmation', 'order_ticket'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

export interface OrderMailTemplate {
  subject: string;
  body: string;
}

export type OrderMailTemplateSaved = {
  type: 'OrderMailTemplateSaved';
  data: OrderMailTemplate & {
    eventId: string;
    accountId: string;
    kind: OrderMailKind;
    savedBy: string;
    savedAt: string;
  };
};

/** Back to the platform's wording (translated into each buyer's language). */
export type OrderMailTemplateReset = {
  type: 'OrderMailTemplateReset';
  data: { eventId: string; accountId: string; kind: OrderMailKind; resetBy: string; resetAt: string };
};

export type MailTemplateEvent = OrderMailTemplateSaved | OrderMailTemplateReset;

export const mailTemplateEventTypes: readonly MailTemplateEvent['type'][] = [
  'OrderMailTemplateSaved',
  'OrderMailTemplateReset',
];
