import { z } from 'zod';
import { storedImageSchema } from '../images/imageSchemas';

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
