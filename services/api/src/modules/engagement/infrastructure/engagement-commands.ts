import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { minorToApiNumber, type MoneyMovement } from '@app/contracts/ledger';
import {
  ENGAGEMENT_MESSAGES,
  tierMultiplier,
  type EngagementEvent,
  type SocialActionResponse,
  type SocialActionType,
} from '@app/contracts/engagement';
import type { UserTier } from '@app/contracts/identity';
import type { TransactionHandle } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import type { ApiError } from '../../../platform/http/api-error';
import {
  UseCaseRunner,
  type Decided,
  type GroupDecided,
  type GroupMemberDecision,
} from '../../../platform/use-cases/use-case-runner';
import { GroupQueues } from '../../../platform/use-cases/group-queues';
import { GetContentForCommandQuery, GetContentsForCommandQuery, type ContentForCommand } from '../../content';
import { decideSocialAction, type SocialDecision } from '../domain/decide-social';
import { evolvePool, evolveSponsorship, evolveUserContent, initialSponsorship, type DailyState } from '../domain/state';
import { contentPoolStreamId, sponsorshipStreamId, userContentStreamId, utcDayOf } from '../domain/streams';
import { contentNotFound, engagementRefusalToApiError } from '../engagement-refusals';
import { dailyRewardsKey, dailyRewardsLockKey, readDailyRewards } from './daily-rewards';
import { appendOf, EngagementStore, type Loaded } from './engagement-store';
import { applyEngagementEvents, socialActionRowsAlongside } from './inline-read-model';

/**
 * At most this many quick actions are committed together. Under load a group's time grows with its size, so bigger
 * groups only amortise the fixed round trips; past this size the like benchmark gained nothing more
 * (services/bench/results/2026-12-05-module-history.md).
 */
const SOCIAL_ACTIONS_PER_GROUP = 1_000;

/**
 * Every quick action of this process joins one queue, whatever its item: a group is one unit of work of a fixed
 * number of statements however many items it spans, so likes spread over many items cost what likes on one item do
 * (one transaction, one WAL flush per group instead of per item). README, Performance.
 */
const SOCIAL_ACTIONS_QUEUE = 'social-actions';

/** One caller's quick action (like, save, comment, share, repost) waiting for its item's next group commit. */
export interface PendingSocialAction {
  contentId: string;
  userId: string;
  action: SocialActionType;
  tier: UserTier;
  actorIsDemo: boolean;
  transactionId: string;
  now: string;
  idempotency: IdempotentRequest;
  resolve(answer: SocialActionResponse): void;
  reject(error: unknown): void;
}

export interface StreamEvents {
  loaded: Loaded<unknown>;
  events: readonly EngagementEvent[];
}

type SocialStates = Parameters<typeof decideSocialAction>[1];

/**
 * A group's members decided in turn on the states the ones before left (an item's last pool shares go to whoever
 * came first; a user twice in the group sees their first action, on any item, in their day's totals), and the events
 * they decided, gathered per stream for the group's one append.
 */
class SocialGroupWork {
  readonly eventsByStream = new Map<string, EngagementEvent[]>();
  readonly allEvents: EngagementEvent[] = [];

  constructor(
    private readonly userContents: Map<string, SocialStates['userContent']>,
    private readonly pools: Map<string, SocialStates['pool']>,
    readonly dailies: Map<string, DailyState>,
  ) {}

  decide(member: PendingSocialAction, content: ContentForCommand): GroupMemberDecision<SocialActionResponse> {
    const { contentId } = member;
    const poolId = contentPoolStreamId(contentId);
    const userContentId = userContentStreamId(contentId, member.userId);
    const dailyId = dailyRewardsKey(member.userId, utcDayOf(member.now));
    const decision = decideSocialAction(
      {
        contentId,
        userId: member.userId,
        action: member.action,
        tier: member.tier,
        actorIsDemo: member.actorIsDemo,
        content,
        transactionId: member.transactionId,
        now: member.now,
      },
      {
        userContent: this.userContents.get(userContentId)!,
        pool: this.pools.get(poolId)!,
        daily: this.dailies.get(dailyId)!,
      },
    );
    if (decision.kind === 'refused') return { refusal: engagementRefusalToApiError(decision.refusal) };
    this.userContents.set(
      userContentId,
      decision.userContentEvents.reduce(evolveUserContent, this.userContents.get(userContentId)!),
    );
    this.dailies.set(dailyId, decision.dailyAfter);
    this.pools.set(poolId, decision.poolEvents.reduce(evolvePool, this.pools.get(poolId)!));
    this.push(userContentId, decision.userContentEvents);
    this.push(poolId, decision.poolEvents);
    this.allEvents.push(...decision.userContentEvents, ...decision.poolEvents);
    return {
      money: decision.money,
      answer: () => socialActionAnswer(member.action, contentId, member.tier, decision),
    };
  }

  private push(streamId: string, events: readonly EngagementEvent[]): void {
    if (events.length > 0) this.eventsByStream.set(streamId, [...(this.eventsByStream.get(streamId) ?? []), ...events]);
  }
}

/**
 * The engagement context's one way to commit: every use case loads its streams in the unit of work, decides purely,
 * writes the inline read models and appends its events (with the versions it loaded) and the ledger's postings in
 * one atomic append through the platform's runner.
 */
@Injectable()
export class EngagementCommands {
  private readonly socialActions: GroupQueues<PendingSocialAction>;

  constructor(
    readonly store: EngagementStore,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.socialActions = new GroupQueues<PendingSocialAction>(
      (_queue, group) => this.commitSocialActions(group),
      SOCIAL_ACTIONS_PER_GROUP,
      config.socialActionTickMs,
    );
  }

  /** The item as a command may decide on it (content's inline read model, in this transaction); 404 when gone. */
  async content(contentId: string, transaction: TransactionHandle): Promise<ContentForCommand> {
    const content = await this.queryBus.execute(new GetContentForCommandQuery(contentId, transaction));
    if (!content) throw contentNotFound();
    return content;
  }

  /** A sponsorship's stream, loaded in the unit's transaction (it decides on nothing else). */
  loadSponsorship(sponsorshipId: string, transaction: TransactionHandle) {
    return this.store.load(sponsorshipStreamId(sponsorshipId), initialSponsorship(), evolveSponsorship, transaction);
  }

  /**
   * A quick action, group-committed: actions that arrive while the previous group commits are decided together in
   * one unit of work (`commitSocialActions`), whatever their items; each caller is still answered on their own.
   */
  socialAction(request: Omit<PendingSocialAction, 'resolve' | 'reject'>): Promise<SocialActionResponse> {
    return new Promise((resolve, reject) =>
      this.socialActions.add(SOCIAL_ACTIONS_QUEUE, { ...request, resolve, reject }),
    );
  }

  /**
   * One group of quick actions: one lock set, the items' rows in one read, every member's streams and the items' pools
   * in one read, the users' days in one read, each member decided in turn on the states the ones before left (an
   * item's last pool shares go to whoever came first; a user twice in the group sees their first action, on any item,
   * in their day's totals), then ONE append of every member's events and points with the inline rows and the days
   * beside it, in the append's own statement (the runner's `runGroup`).
   * Idempotency stays per request; a member whose item is gone is refused alone.
   */
  private async commitSocialActions(group: PendingSocialAction[]): Promise<void> {
    const lockKeys = [
      ...new Set(
        group.flatMap((member) => [
          contentPoolStreamId(member.contentId),
          userContentStreamId(member.contentId, member.userId),
          dailyRewardsLockKey(member.userId, utcDayOf(member.now)),
        ]),
      ),
    ];
    const outcomes = await this.runner.runGroup<SocialActionResponse>({
      lockKeys,
      members: group.map((member) => ({ idempotency: member.idempotency })),
      decide: (unit, indexes) => this.decideSocialGroup(group, unit, indexes),
    });
    outcomes.forEach((outcome, index) =>
      'ok' in outcome ? group[index]!.resolve(outcome.ok) : group[index]!.reject(outcome.error),
    );
  }

  /** The group's members still in it (`indexes`), decided in one unit of work; see `commitSocialActions`. */
  private async decideSocialGroup(
    group: PendingSocialAction[],
    unit: UnitOfWork,
    indexes: number[],
  ): Promise<GroupDecided<SocialActionResponse>> {
    const live = indexes.map((index) => group[index]!);
    // Started together: the transaction is pipelined, so the three reads (and its BEGIN) leave in one write.
    const [contents, loaded, days] = await Promise.all([
      this.queryBus.execute(
        new GetContentsForCommandQuery([...new Set(live.map((member) => member.contentId))], unit.transaction),
      ),
      this.store.socialMany(
        live.map((member) => ({ contentId: member.contentId, userId: member.userId })),
        unit.transaction,
      ),
      readDailyRewards(
        unit.transaction,
        live.map((member) => ({ userId: member.userId, day: utcDayOf(member.now) })),
      ),
    ]);
    const work = new SocialGroupWork(
      new Map([...loaded.userContents].map(([streamId, entry]) => [streamId, entry.state])),
      new Map([...loaded.pools].map(([streamId, entry]) => [streamId, entry.state])),
      new Map<string, DailyState>([...days].map(([key, day]) => [key, day.state])),
    );
    const members = new Map<number, GroupMemberDecision<SocialActionResponse>>();
    for (const index of indexes) {
      const member = group[index]!;
      const content = contents.get(member.contentId);
      members.set(index, content ? work.decide(member, content) : { refusal: contentNotFound() });
    }
    const loadedOf = (streamId: string): Loaded<unknown> =>
      loaded.pools.get(streamId) ?? loaded.userContents.get(streamId)!;
    const appends = [...work.eventsByStream].flatMap(([streamId, events]) => appendOf(loadedOf(streamId), events));
    const alongside = socialActionRowsAlongside(
      work.allEvents,
      [...days].map(([key, read]) => ({ read, after: work.dailies.get(key)! })),
    );
    return { appends, members, alongside };
  }

  run<Body>(options: {
    lockKeys: string[];
    /** The streams' events and the money the module's decider returned with them (null when nothing moves). */
    decide(
      unit: UnitOfWork,
    ): Promise<{ streams: StreamEvents[]; money: MoneyMovement | null; answer(transactionId: string | null): Body }>;
    moneyRefusal?(refusal: string): ApiError | undefined;
    /** The route's `Idempotency-Key` (`@IdempotencyKey`); none for a job. */
    idempotency?: IdempotentRequest;
    idempotencyBody?: unknown;
  }): Promise<Body> {
    return this.runner.run<Body>({
      lockKeys: options.lockKeys,
      idempotency: options.idempotency,
      idempotencyBody: options.idempotencyBody,
      moneyRefusal: options.moneyRefusal ? (refusal) => options.moneyRefusal!(refusal) : undefined,
      decide: async (unit): Promise<Decided<Body>> => {
        const decided = await options.decide(unit);
        const events = decided.streams.flatMap((stream) => stream.events);
        await applyEngagementEvents(unit.transaction, events);
        return {
          appends: decided.streams.flatMap((stream) => appendOf(stream.loaded, stream.events)),
          money: decided.money,
          answer: decided.answer,
        };
      },
    });
  }
}

/** A refusal from a pure decider: the context's HTTP answer. */
export function refuse(decision: {
  kind: 'refused';
  refusal: Parameters<typeof engagementRefusalToApiError>[0];
}): never {
  throw engagementRefusalToApiError(decision.refusal);
}

export const points = (minor: bigint) => minorToApiNumber(minor, 'points');

/** A quick action's answer; when fewer points than the rate were paid it says why (the cap, or paid before). */
export function socialActionAnswer(
  action: SocialActionType,
  contentId: string,
  tier: UserTier,
  decision: SocialDecision,
): SocialActionResponse {
  return {
    success: true as const,
    action_type: action,
    reference_id: contentId,
    points_earned: points(decision.pointsMinor),
    multiplier: tierMultiplier(tier),
    engagement_shares_earned: decision.engagementShares,
    engagement_shares_remaining: decision.sharesRemaining,
    daily_points_remaining: points(decision.dailyPointsRemainingMinor),
    daily_limit_reached: decision.dailyLimitReached,
    message: decision.dailyLimitReached
      ? ENGAGEMENT_MESSAGES.dailyPointsReached
      : decision.paidBefore
        ? ENGAGEMENT_MESSAGES.alreadyRewarded
        : null,
  };
}
export const usd = (minor: bigint) => minorToApiNumber(minor, 'usd');
