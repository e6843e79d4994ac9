import { randomUUID } from 'node:crypto';
import { CAMPAIGN_MESSAGES } from '@app/contracts/campaigns';
import { notFound } from '../../platform/http/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Campaign ids are UUIDs; anything else names no campaign (404). */
export function campaignIdOf(value: string | null | undefined): string {
  if (!value || !UUID.test(value)) throw notFound('CAMPAIGN_NOT_FOUND', CAMPAIGN_MESSAGES.notFound);
  return value.toLowerCase();
}

export const newCampaignId = () => randomUUID();
