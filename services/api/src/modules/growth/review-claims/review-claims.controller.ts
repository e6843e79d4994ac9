import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import type pg from 'pg';
import { adminDecideClaimRoute, adminListClaimsRoute, GROWTH_MESSAGES, type ShieldClaim } from '@app/contracts/growth';
import type { z } from 'zod';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { notFound } from '../../../platform/http/api-error';
import { parseInput, ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { toClaim } from '../growth-views';
import { ShieldAccounts } from '../infrastructure/growth-streams';
import { growthReadModel } from '../projections/growth-read-model';
import { ShieldService } from '../infrastructure/shield.service';

/**
 * Admins decide Social Shield claims. The claim list comes from the read model (which user filed which claim); the
 * decision itself is taken on the user's shield stream and the pool's stream.
 */
@Controller()
@AdminOnly()
export class ReviewClaimsController {
  constructor(
    private readonly shield: ShieldService,
    private readonly accounts: ShieldAccounts,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
  ) {}

  @Route(adminListClaimsRoute)
  async list(@Query() rawQuery: unknown): Promise<ShieldClaim[]> {
    const query = parseInput(adminListClaimsRoute.query, rawQuery);
    await this.readYourWrites.awaitProjections([growthReadModel.name]);
    const rows = await this.database.query<{ claim_id: string; user_id: string }>(
      `SELECT claim_id, user_id FROM growth_claims WHERE $1::text IS NULL OR status = $1
       ORDER BY (status = 'pending') DESC, filed_at LIMIT 200`,
      [query.status ?? null],
    );
    const userIds = [...new Set(rows.rows.map((row) => row.user_id))];
    const states = new Map(
      await Promise.all(userIds.map(async (userId) => [userId, (await this.accounts.load(userId)).state] as const)),
    );
    return rows.rows.flatMap((row) => {
      const claim = states.get(row.user_id)?.claims.find((candidate) => candidate.claimId === row.claim_id);
      return claim ? [toClaim(claim, row.user_id)] : [];
    });
  }

  @Route(adminDecideClaimRoute)
  async decide(
    @IdempotencyKey(adminDecideClaimRoute) idempotency: IdempotentRequest,
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') claimId: string,
    @Body(new ZodValidationPipe(adminDecideClaimRoute.body)) body: z.output<typeof adminDecideClaimRoute.body>,
  ) {
    await this.readYourWrites.awaitProjections([growthReadModel.name]);
    const row = await this.database.query<{ user_id: string }>(
      `SELECT user_id FROM growth_claims WHERE claim_id = $1`,
      [claimId],
    );
    const userId = row.rows[0]?.user_id;
    if (!userId) throw notFound('CLAIM_NOT_FOUND', GROWTH_MESSAGES.claimNotFound);
    const { state } = await this.accounts.load(userId);
    const claim = state.claims.find((candidate) => candidate.claimId === claimId);
    const subscription =
      claim && state.subscriptions.find((candidate) => candidate.subscriptionId === claim.subscriptionId);
    if (!subscription) throw notFound('CLAIM_NOT_FOUND', GROWTH_MESSAGES.claimNotFound);
    const outcome = await this.shield.decideClaim(
      userId,
      claimId,
      subscription.pool,
      {
        approve: body.decision === 'approve',
        reason: body.reason ?? '',
        decidedBy: admin.userId,
        now: new Date().toISOString(),
      },
      idempotency,
    );
    return { success: true as const, claim: outcome.claim!, transaction_id: outcome.transactionId };
  }
}
