import { z } from 'zod';

const identifier = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([z.number(), z.string()]).transform(String);

export const dropSchema = z
  .object({
    id: identifier,
    title: z.string(),
    description: z.string().optional().nullable(),
    drop_type: z.string().optional().nullable(),
    difficulty: z.string().optional().nullable(),
    status: z.string().optional().nullable(),
    key_cost: amount.optional().nullable(),
    gem_reward_base: amount.optional().nullable(),
    platform: z.string().optional().nullable(),
    current_participants: z.number().optional().nullable(),
    max_participants: z.number().optional().nullable(),
    deadline: z.string().optional().nullable(),
  })
  .loose();
export type Drop = z.output<typeof dropSchema>;

/** GET /api/drops answers a list, bare or wrapped in `{ drops }`. */
export const dropListSchema = z.union([z.array(dropSchema), z.object({ drops: z.array(dropSchema) }).loose().transform((body) => body.drops)]);
export const dropDetailSchema = z.union([z.object({ drop: dropSchema }).loose().transform((body) => body.drop), dropSchema]);
