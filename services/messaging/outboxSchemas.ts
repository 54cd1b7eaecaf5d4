import { z } from 'zod';
import { listQuerySchema } from '../kit/listQuery';
import { outboxListSpec } from './outbox';
import { dataOf, pageOf, route } from '../kit/http/routeContract';

/** The outbox API (`/api/outbox`): answers and contracts. */

/** A mail as the outbox answers it (services/messaging/outbox.ts `presentOutboxSummary`, `presentOutboxMail`). */
export const outboxSummarySchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  locale: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  transport: z.enum(['smtp', 'outbox']).nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const outboxMailSchema = outboxSummarySchema.extend({ text: z.string(), html: z.string() });

export const outboxRouteContracts = [
  route({
    method: 'get',
    path: '/outbox',
    reads: [],
    summary: "The account's sent and queued mails",
    query: listQuerySchema(outboxListSpec),
    response: pageOf(outboxSummarySchema),
  }),
  route({
    method: 'get',
    path: '/outbox/:id',
    reads: [],
    summary: 'A mail',
    response: dataOf(outboxMailSchema),
  }),
];
