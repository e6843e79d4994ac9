import { z } from 'zod';

// The saved-content item of spec 2 §3, until the engagement contract exports its own schema.
export const SavedContentListSchema = z.array(
  z.object({
    id: z.string(),
    content_id: z.string(),
    content_title: z.string(),
    content_platform: z.string(),
    content_url: z.string().nullable(),
    creator_name: z.string().nullable(),
    created_at: z.string(),
  }),
);
