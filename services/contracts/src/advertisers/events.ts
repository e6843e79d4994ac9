import { z } from 'zod';

/**
 * Advertiser event payloads as stored. One stream per advertiser, `advertiser-brand-<userId>`: every save of the
 * brand profile records the whole profile after it (a reader needs only the last event).
 */
export const BrandProfileUpdatedSchema = z.object({
  userId: z.string(),
  brandName: z.string(),
  brandDescription: z.string().nullable(),
  brandWebsite: z.string().nullable(),
  brandEmail: z.string().nullable(),
  brandPhone: z.string().nullable(),
  brandLogoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type BrandProfileUpdated = z.infer<typeof BrandProfileUpdatedSchema>;

export const ADVERTISER_EVENT_SCHEMAS = { BrandProfileUpdated: BrandProfileUpdatedSchema } as const;
export type AdvertiserEventType = keyof typeof ADVERTISER_EVENT_SCHEMAS;
export type AdvertiserEvent = { type: 'BrandProfileUpdated'; data: BrandProfileUpdated };
