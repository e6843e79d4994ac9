import { Controller, Inject } from '@nestjs/common';
import { getPlatformEconomyRoute } from '@app/contracts/growth';
import type pg from 'pg';
import type { PlatformEconomy } from '@app/contracts/growth';
import { CURRENCIES, minorToApiNumber, type Currency } from '@app/contracts/ledger';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { Route } from '../../../platform/http/route.decorator';
import { gems } from '../growth-views';
import { growthReadModel } from '../projections/growth-read-model';

/** Platform Economy: the Growth Hub's totals and what was ever issued per currency, from the growth read model. */
@Controller()
export class ReadEconomyController {
  constructor(
    private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
  ) {}

  @Route(getPlatformEconomyRoute)
  async economy(): Promise<PlatformEconomy> {
    await this.readYourWrites.awaitProjections([growthReadModel.name]);
    const result = await this.database.query<Record<string, string>>(
      `SELECT
         (SELECT coalesce(sum(amount_minor), 0)::text FROM growth_positions WHERE NOT withdrawn) AS staked,
         (SELECT count(*)::text FROM growth_positions WHERE NOT withdrawn) AS positions,
         (SELECT coalesce(sum(raised_minor), 0)::text FROM growth_projects WHERE settled IS NULL) AS pledged,
         (SELECT count(*)::text FROM growth_projects WHERE settled IS NULL) AS projects,
         (SELECT coalesce(sum(coverage_minor), 0)::text FROM growth_subscriptions
           WHERE status IN ('active', 'cancelled')) AS insured,
         (SELECT count(*)::text FROM growth_subscriptions WHERE status IN ('active', 'cancelled')) AS subscriptions,
         (SELECT coalesce(jsonb_object_agg(name, amount_minor::text), '{}'::jsonb)::text FROM growth_totals) AS totals,
         (SELECT coalesce(jsonb_object_agg(currency, amount_minor::text), '{}'::jsonb)::text
           FROM growth_issued) AS issued`,
    );
    const row = result.rows[0]!;
    const totals = JSON.parse(row.totals) as Record<string, string>;
    const issued = JSON.parse(row.issued) as Record<string, string>;
    return {
      total_staked: gems(row.staked),
      active_positions: Number(row.positions),
      staking_rewards_accrued: gems(totals.staking_rewards ?? '0'),
      total_pledged: gems(row.pledged),
      active_projects: Number(row.projects),
      funded_total: gems(totals.funded ?? '0'),
      insured_coverage: gems(row.insured),
      active_subscriptions: Number(row.subscriptions),
      premiums_collected: gems(totals.premiums ?? '0'),
      claims_paid: gems(totals.claims_paid ?? '0'),
      issued: CURRENCIES.map((currency: Currency) => ({
        currency,
        amount: minorToApiNumber(BigInt(issued[currency] ?? '0'), currency),
      })),
      as_of: new Date().toISOString(),
    };
  }
}
