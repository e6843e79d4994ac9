import { z } from 'zod';

const identifier = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([z.number(), z.string()]).transform(String);

export const holdingSchema = z
  .object({
    id: identifier,
    content_id: identifier.optional().nullable(),
    content_title: z.string().optional().nullable(),
    title: z.string().optional().nullable(),
    shares: amount.optional().nullable(),
    shares_owned: amount.optional().nullable(),
    current_price: amount.optional().nullable(),
    average_price: amount.optional().nullable(),
    current_value: amount.optional().nullable(),
  })
  .loose()
  .transform((holding) => ({
    ...holding,
    name: holding.content_title ?? holding.title ?? `Holding ${holding.id}`,
    shareCount: holding.shares ?? holding.shares_owned ?? '0',
  }));
export type Holding = z.output<typeof holdingSchema>;

export const holdingListSchema = z.union([z.array(holdingSchema), z.object({ holdings: z.array(holdingSchema) }).loose().transform((body) => body.holdings)]);
export const holdingDetailSchema = z.union([z.object({ holding: holdingSchema }).loose().transform((body) => body.holding), holdingSchema]);

export const predictionSchema = z
  .object({ id: identifier, title: z.string().optional().nullable(), question: z.string().optional().nullable(), status: z.string().optional().nullable() })
  .loose();
export const predictionDetailSchema = z.union([z.object({ prediction: predictionSchema }).loose().transform((body) => body.prediction), predictionSchema]);
