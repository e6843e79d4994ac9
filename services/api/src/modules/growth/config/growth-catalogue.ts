import { readFileSync } from 'node:fs';
import {
  GrowthCatalogueSchema,
  type GrowthCatalogue,
  type GrowthChannelConfig,
  type ShieldPolicyConfig,
} from '@app/contracts/growth';
// Not `growth-catalogue.json`: Node resolves `.json` before `.ts`, so `npm start` (swc-node) would load the JSON for
// this module.
import bundledCatalogue from './catalogue.json';

/**
 * The Growth Hub's channels and policies are ops-owned configuration: the versioned `catalogue.json` next to
 * this file, or the file `GROWTH_CATALOGUE_PATH` names (an operator's copy, without a release). Parsed at start;
 * a broken file stops the start instead of serving half a catalogue. Positions and subscriptions keep the terms they
 * were taken with (the events carry them), so a changed file only affects new ones.
 */
export class GrowthCatalogueService {
  readonly catalogue: GrowthCatalogue;

  constructor(source: unknown = GrowthCatalogueService.read()) {
    this.catalogue = GrowthCatalogueSchema.parse(source);
    const ids = (items: Array<{ id: string }>) => new Set(items.map((item) => item.id)).size === items.length;
    if (!ids(this.catalogue.channels) || !ids(this.catalogue.policies))
      throw new Error('Growth catalogue: channel and policy ids must be unique');
  }

  private static read(): unknown {
    const path = process.env.GROWTH_CATALOGUE_PATH;
    return path ? JSON.parse(readFileSync(path, 'utf8')) : bundledCatalogue;
  }

  channel(id: string): GrowthChannelConfig | undefined {
    return this.catalogue.channels.find((channel) => channel.id === id);
  }

  policy(id: string): ShieldPolicyConfig | undefined {
    return this.catalogue.policies.find((policy) => policy.id === id);
  }
}

/** Percent a year the multiplier means over the lock, rounded to two decimals (shown, never computed with). */
export function expectedApr(channel: GrowthChannelConfig): number {
  return Math.round(((channel.base_multiplier - 1) * 365 * 10_000) / channel.lock_period_days) / 100;
}
