import { z } from 'zod';
import { route } from '../../kit/http/routeContract';

/** Stripe's webhook as the contract describes it; webhookRoutes verifies the raw body before reading it. */

export const stripeWebhookRouteContracts = [
  route({
    method: 'post',
    path: '/public/webhooks/stripe',
    summary: 'Stripe webhooks (signed with the webhook signing secret; the raw body is verified)',
    body: z
      .object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({}).passthrough() }) })
      .passthrough(),
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
    public: true,
  }),
];
