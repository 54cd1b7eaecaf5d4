import { z } from 'zod';
import { route } from '../kit/http/routeContract';

/** The public page-view beacon: its body and its contract. */

/** The beacon's body: the page's random id for its browser tab, which tells readers behind one address apart. */
export const pageViewBodySchema = z
  .object({
    visit: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'A random id of 16 to 64 letters, digits, - and _')
      .optional(),
  })
  .strict();

export const pageViewRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:id/page-views',
    summary:
      'Count a view of the public event page (no cookie; bots and repeat views of one browser tab within 30 minutes are not counted)',
    body: pageViewBodySchema,
    response: z.object({ counted: z.boolean() }).strict(),
    status: 202,
    public: true,
  }),
];
