import { z } from 'zod';

/** An uploaded image as the API answers it (events' covers, organizers' logos and covers). */
export const storedImageSchema = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  uploaded_at: z.string(),
});
