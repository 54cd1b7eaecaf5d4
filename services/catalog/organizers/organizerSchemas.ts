import { z } from 'zod';
import { storedImageSchema } from '../images/imageSchemas';
import { singleLineText } from '../../kit/http/validate';
import { listQuerySchema } from '../../kit/listQuery';
import { organizerListSpec } from '../../../projections/organizers';
import { isWebAddress } from '../webAddress';
import { maxOrganizerDescriptionLength, maxOrganizerNameLength } from './organizerDecider';
import { dataOf, pageOf, route } from '../../kit/http/routeContract';
import { organizersProjection } from '../../../projections/organizers';

/** The organizers API's answers (projections/organizers `presentOrganizer`, `presentPublicOrganizer`). */
export const publicOrganizerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  description_html: z.string().nullable(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
});

export const organizerSchema = publicOrganizerSchema.extend({
  account_id: z.string(),
  images: z.array(storedImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

const nullableText = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable(),
  );

const profileFields = {
  name: singleLineText()
    .trim()
    .min(1, 'The name is required')
    .max(maxOrganizerNameLength, `The name must be under ${maxOrganizerNameLength + 1} characters`),
  email: nullableText(singleLineText().trim().email('Enter a valid email address').max(320)).optional(),
  website: nullableText(
    singleLineText()
      .trim()
      .max(2000)
      .refine(isWebAddress, 'Enter a web address starting with http:// or https://'),
  ).optional(),
  description: z.string().max(maxOrganizerDescriptionLength).nullable().optional(),
};

export const createOrganizerSchema = z.object(profileFields).strict();
export const updateOrganizerSchema = z.object(profileFields).partial().strict();

export const organizerRouteContracts = [
  route({
    method: 'get',
    path: '/organizers',
    reads: [organizersProjection],
    summary: "The account's organizers (list query)",
    query: listQuerySchema(organizerListSpec),
    response: pageOf(organizerSchema),
  }),
  route({
    method: 'post',
    path: '/organizers',
    summary: 'Create an organizer',
    body: createOrganizerSchema,
    response: dataOf(organizerSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/organizers/:id',
    reads: [organizersProjection],
    summary: 'An organizer',
    response: dataOf(organizerSchema),
  }),
  route({
    method: 'put',
    path: '/organizers/:id',
    summary: 'Change an organizer',
    body: updateOrganizerSchema,
    response: dataOf(organizerSchema),
  }),
  route({
    method: 'get',
    path: '/organizers/:id/images',
    reads: [organizersProjection],
    summary: "An organizer's images",
    response: dataOf(z.array(storedImageSchema)),
  }),
  route({
    method: 'post',
    path: '/organizers/:id/images',
    summary: 'Upload a logo or cover',
    upload: true,
    response: dataOf(storedImageSchema),
    status: 201,
  }),
  route({ method: 'delete', path: '/organizers/:id/images/:imageId', summary: 'Remove an image' }),
];
