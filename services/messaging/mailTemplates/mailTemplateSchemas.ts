import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { sanitizeMailRichText } from '../../catalog/richText';
import { orderMailKinds, type OrderMailKind, type OrderMailTemplate } from './mailTemplateEvents';
import { maxTemplateBodyLength, maxTemplateSubjectLength } from './mailTemplateDecider';

/** The event's mail templates (`/api/events/{eventId}/email-templates/{kind}`); the body is sanitised rich text. */

export const orderMailTemplateSchema = z
  .object({
    subject: singleLineText().max(maxTemplateSubjectLength * 2),
    body: z.string().max(maxTemplateBodyLength * 2),
  })
  .strict();

export function toTemplate(input: z.infer<typeof orderMailTemplateSchema>): OrderMailTemplate {
  return { subject: input.subject, body: sanitizeMailRichText(input.body) };
}

export function kindOrNotFound(value: string | undefined): OrderMailKind {
  const kind = orderMailKinds.find((candidate) => candidate === value);
  if (!kind) throw new Refusal('not_found', 'No such mail template');
  return kind;
}

export const orderMailTemplateResponseSchema = z.object({
  kind: z.enum(orderMailKinds),
  /** False: the platform's own wording is used, translated into each buyer's language. */
  is_custom: z.boolean(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  placeholders: z.array(z.string()),
});

export const renderedMailResponseSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export const mailTemplateRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/email-templates',
    reads: [],
    summary: "The event's order confirmation and ticket mail templates, and the placeholders each offers",
    response: z.object({ data: z.array(orderMailTemplateResponseSchema) }),
  }),
  route({
    method: 'put',
    path: '/events/:eventId/email-templates/:kind',
    summary:
      'Word the order confirmation (`order_confirmation`) or the ticket mail (`order_ticket`) yourself',
    body: orderMailTemplateSchema,
    response: dataOf(orderMailTemplateResponseSchema),
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/email-templates/:kind',
    summary: "Go back to the platform's wording",
    response: dataOf(orderMailTemplateResponseSchema),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/email-templates/:kind/preview',
    summary: 'Render a template with sample data, without saving it',
    body: orderMailTemplateSchema,
    response: dataOf(renderedMailResponseSchema),
  }),
];
