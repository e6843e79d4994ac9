import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  activateMasterKeyRoute,
  type ActivateMasterKeyResponse,
  type MasterKeyStatus,
  getMasterKeyStatusRoute,
} from '@app/contracts/rewards';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { GetUserQuery } from '../../identity';
import { endOfUtcDay, utcDayOf } from '../domain/calendar';
import { decide, proofDropsRequired } from '../domain/rewards-account';
import { RewardsAccounts, rewardsAccountStreams } from '../infrastructure/rewards-accounts';
import { rewardsRefusalToApiError } from '../rewards-refusals';
import { GetMasterKeyStatusQuery } from '../queries/get-master-key-status.query';
import { proofDropsCompletedOn } from '../queries/proof-drop-completions';
import { Route } from '../../../platform/http/route.decorator';

/** GET /api/users/master-key-status and POST /api/users/activate-master-key. */
@Controller()
export class ActivateMasterKeyController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly accounts: RewardsAccounts,
    private readonly runner: UseCaseRunner,
  ) {}

  @Route(getMasterKeyStatusRoute)
  status(@CurrentUser() caller: AuthenticatedUser): Promise<MasterKeyStatus> {
    return this.queryBus.execute(new GetMasterKeyStatusQuery(caller.userId));
  }

  @Route(activateMasterKeyRoute)
  async activate(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(activateMasterKeyRoute.body)) _body: unknown,
  ): Promise<ActivateMasterKeyResponse> {
    const now = new Date().toISOString();
    const user = await this.queryBus.execute(new GetUserQuery(caller.userId));
    const tier = user?.user_tier ?? caller.tier;
    const required = proofDropsRequired(tier);
    return this.runner.run<ActivateMasterKeyResponse>({
      lockKeys: [rewardsAccountStreams.streamId(caller.userId)],
      decide: async (unit) => {
        const loaded = await this.accounts.load(caller.userId, unit.transaction);
        // Counted from the log in this unit's transaction, not from a projection that may trail the last completion.
        const completed = await proofDropsCompletedOn(
          this.accounts.eventStore,
          unit.transaction,
          caller.userId,
          utcDayOf(now),
        );
        const decision = decide(
          { type: 'ActivateMasterKey', data: { tier, proofDropsCompletedToday: completed, now } },
          loaded.state,
        );
        if (decision.kind === 'refused') throw rewardsRefusalToApiError(decision.refusal, { completed, required });
        const activatedAt = rewardsAccountStreams.advance(loaded, decision.events).lastMasterKeyActivatedAt ?? now;
        return {
          appends: rewardsAccountStreams.appendOf(loaded, decision.events),
          answer: () => ({
            success: true as const,
            is_activated: true,
            proof_drops_completed: completed,
            proof_drops_required: required,
            last_activated_at: activatedAt,
            activated_at: activatedAt,
            valid_until: endOfUtcDay(now),
            message: 'Master Key activated for today',
          }),
        };
      },
    });
  }
}
