import { displayNameOf } from '@app/contracts/identity';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ENGAGEMENT_MESSAGES,
  sponsorSuccessMessage,
  type SponsorContentResponse,
  type SponsorPackage,
} from '@app/contracts/engagement';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { forbidden, unprocessable } from '../../../platform/http/api-error';
import { JOB_QUEUE, type JobQueue } from '../../../platform/jobs/job-queue.port';
import { type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { decideSponsor, decideSpendSponsorship } from '../domain/decide-money';
import { sponsorshipStreamId } from '../domain/streams';
import { newId } from '../engagement-ids';
import { engagementRefusalToApiError } from '../engagement-refusals';
import { EngagementCommands } from '../infrastructure/engagement-commands';

export const SPONSORSHIP_EXPIRY_JOB = 'engagement.sponsorship.expire';
export const SPONSORSHIP_SWEEP_JOB = 'engagement.sponsorship.sweep';

/** Sponsoring (gems held in the sponsorship's escrow) and spending at the end (escrow → platform revenue). */
@Injectable()
export class SponsorshipCommands {
  private readonly logger = new Logger('Sponsorship');

  constructor(
    private readonly commands: EngagementCommands,
    private readonly queryBus: QueryBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  async sponsor(
    caller: AuthenticatedUser,
    contentId: string,
    pkg: SponsorPackage,
    idempotency?: IdempotentRequest,
  ): Promise<SponsorContentResponse> {
    const user = await getExistingUser(this.queryBus, caller.userId);
    const sponsorshipId = newId();
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    return this.commands.run({
      idempotency,
      lockKeys: [sponsorshipStreamId(sponsorshipId)],
      // The package is the request: the same key with the same package replays, whatever else the form sent.
      idempotencyBody: { contentId, packageId: pkg.id },
      moneyRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable('INSUFFICIENT_GEMS', ENGAGEMENT_MESSAGES.insufficientGems)
          : undefined,
      decide: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        const loaded = await this.commands.loadSponsorship(sponsorshipId, unit.transaction);
        const decision = decideSponsor(
          {
            sponsorshipId,
            contentId,
            sponsor: { userId: user.id, name: displayNameOf(user), userType: caller.userType, isDemo: user.is_demo },
            content,
            package: pkg,
            transactionId,
            now,
          },
          loaded.state,
        );
        if (decision.kind === 'refused') {
          throw decision.refusal === 'OWN_CONTENT'
            ? forbidden(ENGAGEMENT_MESSAGES.ownContentSponsor, 'OWN_CONTENT')
            : engagementRefusalToApiError(decision.refusal);
        }
        unit.afterCommit(() => void this.scheduleExpiry(sponsorshipId, decision.endsAt));
        return {
          streams: [{ loaded, events: decision.events }],
          money: decision.money,
          answer: () => ({
            success: true as const,
            message: sponsorSuccessMessage(pkg.multiplierTenths / 10, pkg.hours),
            sponsorship: {
              id: sponsorshipId,
              content_id: contentId,
              package_id: pkg.id,
              package_name: pkg.name,
              gems_allocated: pkg.gems,
              boost_multiplier: pkg.multiplierTenths / 10,
              duration_hours: pkg.hours,
              starts_at: now,
              ends_at: decision.endsAt,
              status: 'live' as const,
            },
          }),
        };
      },
    });
  }

  /** Spends an ended sponsorship's escrow to platform revenue; a spent one is left alone (jobs run at least once). */
  async spend(sponsorshipId: string, now = new Date().toISOString()): Promise<'spent' | 'not-ended'> {
    const transactionId = newTransactionId();
    try {
      await this.commands.run({
        lockKeys: [sponsorshipStreamId(sponsorshipId)],
        decide: async (unit) => {
          const loaded = await this.commands.loadSponsorship(sponsorshipId, unit.transaction);
          const decision = decideSpendSponsorship({ sponsorshipId, transactionId, now }, loaded.state);
          if (decision.kind === 'refused') throw engagementRefusalToApiError(decision.refusal);
          return {
            streams: [{ loaded, events: decision.events }],
            money: decision.money,
            answer: () => null,
          };
        },
      });
      return 'spent';
    } catch (error) {
      if ((error as { code?: string }).code === 'SPONSORSHIP_NOT_ENDED') return 'not-ended';
      throw error;
    }
  }

  /** Every live sponsorship past its end, spent (the sweep behind the per-sponsorship delayed jobs). */
  async spendDue(now = new Date().toISOString()): Promise<number> {
    const due = await this.pool.query<{ sponsorship_id: string }>(
      `SELECT sponsorship_id FROM engagement_sponsorships WHERE status = 'live' AND ends_at <= $1 ORDER BY ends_at
       LIMIT 500`,
      [now],
    );
    let spent = 0;
    for (const row of due.rows) if ((await this.spend(row.sponsorship_id, now)) === 'spent') spent += 1;
    return spent;
  }

  private async scheduleExpiry(sponsorshipId: string, endsAt: string): Promise<void> {
    try {
      await this.jobs.enqueue(
        SPONSORSHIP_EXPIRY_JOB,
        { sponsorshipId },
        { jobId: `sponsorship-expire-${sponsorshipId}`, delayMs: Math.max(0, Date.parse(endsAt) - Date.now()) },
      );
    } catch (error) {
      // The sweep spends it anyway, at most a sweep interval late.
      this.logger.warn(`Could not enqueue the expiry of sponsorship ${sponsorshipId}: ${(error as Error).message}`);
    }
  }
}
