import { Body, Controller, Inject, Param } from '@nestjs/common';
import type pg from 'pg';
import {
  getGrowthChannelsRoute,
  getStakingPositionsRoute,
  GROWTH_MESSAGES,
  stakeRoute,
  withdrawStakeRoute,
  type GrowthChannel,
  type StakeResponse,
  type StakingPosition,
  type WithdrawStakeResponse,
} from '@app/contracts/growth';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GrowthCatalogueService } from '../config/growth-catalogue';
import { sumGems, toChannel, toPosition } from '../growth-views';
import { StakingAccounts } from '../infrastructure/growth-streams';
import { growthReadModel } from '../projections/growth-read-model';
import { StakingService } from './staking.service';

/** Growth channels and staking: the channels, the caller's positions, staking and withdrawing (`stakeRoute`...). */
@Controller()
export class StakeGemsController {
  constructor(
    private readonly catalogue: GrowthCatalogueService,
    private readonly staking: StakingService,
    private readonly accounts: StakingAccounts,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
  ) {}

  @Route(getGrowthChannelsRoute)
  async channels(): Promise<GrowthChannel[]> {
    await this.readYourWrites.awaitProjections([growthReadModel.name]);
    const rows = await this.database.query<{ channel_id: string; participants: number; deposited: string }>(
      `SELECT channel_id, count(DISTINCT user_id)::int AS participants, sum(amount_minor)::text AS deposited
       FROM growth_positions WHERE NOT withdrawn GROUP BY channel_id`,
    );
    const stats = new Map(
      rows.rows.map((row) => [
        row.channel_id,
        { participants: row.participants, depositedMinor: BigInt(row.deposited) },
      ]),
    );
    return this.catalogue.catalogue.channels.map((channel) =>
      toChannel(channel, stats.get(channel.id) ?? { participants: 0, depositedMinor: 0n }),
    );
  }

  /** From the user's own stream: current right after a stake or a withdrawal. */
  @Route(getStakingPositionsRoute)
  async positions(@CurrentUser() caller: AuthenticatedUser): Promise<StakingPosition[]> {
    const now = new Date().toISOString();
    const { state } = await this.accounts.load(caller.userId);
    return [...state.positions.values()]
      .filter((position) => !position.withdrawnAt)
      .map((position) => toPosition(position, now));
  }

  @Route(stakeRoute)
  async stake(
    @IdempotencyKey(stakeRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(stakeRoute.body)) body: { channel_id: string; amount: bigint },
  ): Promise<StakeResponse> {
    const channel = this.catalogue.channel(body.channel_id);
    if (!channel) throw notFound('UNKNOWN_CHANNEL', GROWTH_MESSAGES.unknownChannel);
    const { position, transactionId } = await this.staking.stake(
      caller.userId,
      channel,
      body.amount,
      new Date().toISOString(),
      idempotency,
    );
    return {
      success: true,
      position,
      transaction_id: transactionId!,
      message: `Staked ${position.amount} gems in ${channel.name}`,
    };
  }

  @Route(withdrawStakeRoute)
  async withdraw(
    @IdempotencyKey(withdrawStakeRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') positionId: string,
  ): Promise<WithdrawStakeResponse> {
    const { position, transactionId } = await this.staking.withdraw(
      caller.userId,
      positionId,
      new Date().toISOString(),
      idempotency,
    );
    const total = sumGems(position.amount, position.earned_so_far);
    return {
      success: true,
      position,
      stake: position.amount,
      rewards: position.earned_so_far,
      total,
      transaction_id: transactionId!,
      message: `Returned ${total} gems (stake ${position.amount} + rewards ${position.earned_so_far})`,
    };
  }
}
