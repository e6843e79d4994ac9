import { z } from 'zod';

/**
 * The landing page's live figures (spec 1 §1), folded from the event log. Kept apart from the route definition so
 * that a browser bundle can import the schema without the OpenAPI registry.
 */
const DecimalStringSchema = z.string().regex(/^\d+(\.\d+)?$/, 'a non-negative decimal');

export const PlatformStatsSchema = z
  .object({
    members: z.number().int().min(0).meta({ description: 'Users registered' }),
    active_drops: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Drops neither closed nor deleted and before their deadline' }),
    drop_applications_completed: z.number().int().min(0),
    points_paid_out: DecimalStringSchema.meta({
      description: 'Points rewarded to users (exact decimal)',
      example: '1250.5',
    }),
    gems_paid_out: DecimalStringSchema.meta({
      description: 'Gems rewarded to users (exact decimal)',
      example: '320.0125',
    }),
    keys_converted: DecimalStringSchema.meta({ description: 'Keys users obtained by converting points or gems' }),
    as_of: z.string().meta({ description: 'When these figures were read (ISO 8601)' }),
  })
  .meta({ id: 'PlatformStats' });
export type PlatformStats = z.infer<typeof PlatformStatsSchema>;
