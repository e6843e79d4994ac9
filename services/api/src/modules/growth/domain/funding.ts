import type { FUNDING_CATEGORIES, ProjectEvent } from '@app/contracts/growth';
import { DAY_MS } from './staking';

/**
 * One funding project and its pledges (stream `growth-project-<projectId>`). All or nothing: pledges are held in the
 * project's escrow; once the deadline has passed, settlement pays the escrow to the creator when the goal is reached,
 * else returns every pledge to its backer. Pure decider: the creator's and backer's facts, ids and time arrive in
 * the command.
 */
export interface RewardTier {
  id: string;
  amountMinor: bigint;
  title: string;
  description: string;
  estimatedDelivery: string;
}

export interface Pledge {
  pledgeId: string;
  backerId: string;
  amountMinor: bigint;
  tierId: string | null;
  pledgedAt: string;
}

export interface ProjectState {
  projectId: string;
  created: null | {
    creatorId: string;
    creatorName: string;
    creatorAvatar: string | null;
    creatorIsDemo: boolean;
    title: string;
    description: string;
    category: (typeof FUNDING_CATEGORIES)[number];
    goalMinor: bigint;
    minPledgeMinor: bigint;
    durationDays: number;
    createdAt: string;
    deadline: string;
    tiers: RewardTier[];
  };
  pledges: Pledge[];
  raisedMinor: bigint;
  settled: null | { outcome: 'funded' | 'failed'; settledAt: string };
}

export const initialProject = (projectId: string): ProjectState => ({ projectId, created: null, pledges: [], raisedMinor: 0n, settled: null });

export type ProjectCommand =
  | {
      type: 'CreateProject';
      data: {
        creator: { id: string; name: string; avatar: string | null; isDemo: boolean };
        title: string;
        description: string;
        category: (typeof FUNDING_CATEGORIES)[number];
        goalMinor: bigint;
        minPledgeMinor: bigint;
        durationDays: number;
        tiers: Array<{ amountMinor: bigint; title: string; description: string; estimatedDelivery: string }>;
        now: string;
      };
    }
  | { type: 'Pledge'; data: { pledgeId: string; backer: { id: string; isDemo: boolean }; amountMinor: bigint; tierId: string | null; transactionId: string; now: string } }
  | { type: 'SettleProject'; data: { transactionId: string; now: string } };

export type ProjectRefusal =
  | { code: 'PROJECT_EXISTS' }
  | { code: 'PROJECT_NOT_FOUND' }
  | { code: 'OWN_PROJECT' }
  | { code: 'DEMO_ACCOUNT_ISOLATION' }
  | { code: 'PROJECT_CLOSED' }
  | { code: 'UNKNOWN_TIER' }
  | { code: 'PLEDGE_BELOW_MINIMUM'; minMinor: bigint }
  | { code: 'PLEDGE_BELOW_TIER'; tierMinor: bigint }
  | { code: 'NOT_DUE' }
  | { code: 'ALREADY_SETTLED' };

export type ProjectDecision = { kind: 'accepted'; events: ProjectEvent[] } | { kind: 'refused'; refusal: ProjectRefusal };
const refuse = (refusal: ProjectRefusal): ProjectDecision => ({ kind: 'refused', refusal });

export const isPastDeadline = (project: NonNullable<ProjectState['created']>, now: string) => Date.parse(now) >= Date.parse(project.deadline);

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectDecision {
  switch (command.type) {
    case 'CreateProject': {
      if (state.created) return refuse({ code: 'PROJECT_EXISTS' });
      const { creator, now, tiers, ...fields } = command.data;
      return {
        kind: 'accepted',
        events: [
          {
            type: 'ProjectCreated',
            data: {
              projectId: state.projectId,
              creatorId: creator.id,
              creatorName: creator.name,
              creatorAvatar: creator.avatar,
              creatorIsDemo: creator.isDemo,
              title: fields.title,
              description: fields.description,
              category: fields.category,
              goalMinor: fields.goalMinor.toString(),
              minPledgeMinor: fields.minPledgeMinor.toString(),
              durationDays: fields.durationDays,
              createdAt: now,
              deadline: new Date(Date.parse(now) + fields.durationDays * DAY_MS).toISOString(),
              tiers: tiers.map((tier, index) => ({ id: `tier-${index + 1}`, ...tier, amountMinor: tier.amountMinor.toString() })),
            },
          },
        ],
      };
    }
    case 'Pledge': {
      const project = state.created;
      if (!project) return refuse({ code: 'PROJECT_NOT_FOUND' });
      const { pledgeId, backer, amountMinor, tierId, transactionId, now } = command.data;
      if (backer.id === project.creatorId) return refuse({ code: 'OWN_PROJECT' });
      // One escrow for demo and real backers would move value between the two worlds (ledger README, sandboxes).
      if (backer.isDemo !== project.creatorIsDemo) return refuse({ code: 'DEMO_ACCOUNT_ISOLATION' });
      if (state.settled || isPastDeadline(project, now)) return refuse({ code: 'PROJECT_CLOSED' });
      const tier = tierId === null ? null : project.tiers.find((candidate) => candidate.id === tierId);
      if (tier === undefined) return refuse({ code: 'UNKNOWN_TIER' });
      if (amountMinor < project.minPledgeMinor) return refuse({ code: 'PLEDGE_BELOW_MINIMUM', minMinor: project.minPledgeMinor });
      if (tier && amountMinor < tier.amountMinor) return refuse({ code: 'PLEDGE_BELOW_TIER', tierMinor: tier.amountMinor });
      return {
        kind: 'accepted',
        events: [{ type: 'PledgeMade', data: { projectId: state.projectId, pledgeId, backerId: backer.id, amountMinor: amountMinor.toString(), tierId, transactionId, pledgedAt: now } }],
      };
    }
    case 'SettleProject': {
      const project = state.created;
      if (!project) return refuse({ code: 'PROJECT_NOT_FOUND' });
      if (state.settled) return refuse({ code: 'ALREADY_SETTLED' });
      const { transactionId, now } = command.data;
      if (!isPastDeadline(project, now)) return refuse({ code: 'NOT_DUE' });
      const outcome = state.raisedMinor >= project.goalMinor ? 'funded' : 'failed';
      return {
        kind: 'accepted',
        events: [{ type: 'ProjectSettled', data: { projectId: state.projectId, outcome, raisedMinor: state.raisedMinor.toString(), transactionId: state.raisedMinor > 0n ? transactionId : null, settledAt: now } }],
      };
    }
  }
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated': {
      const data = event.data;
      return {
        ...state,
        created: {
          creatorId: data.creatorId,
          creatorName: data.creatorName,
          creatorAvatar: data.creatorAvatar,
          creatorIsDemo: data.creatorIsDemo,
          title: data.title,
          description: data.description,
          category: data.category,
          goalMinor: BigInt(data.goalMinor),
          minPledgeMinor: BigInt(data.minPledgeMinor),
          durationDays: data.durationDays,
          createdAt: data.createdAt,
          deadline: data.deadline,
          tiers: data.tiers.map((tier) => ({ ...tier, amountMinor: BigInt(tier.amountMinor) })),
        },
      };
    }
    case 'PledgeMade': {
      const pledge: Pledge = { pledgeId: event.data.pledgeId, backerId: event.data.backerId, amountMinor: BigInt(event.data.amountMinor), tierId: event.data.tierId, pledgedAt: event.data.pledgedAt };
      return { ...state, pledges: [...state.pledges, pledge], raisedMinor: state.raisedMinor + pledge.amountMinor };
    }
    case 'ProjectSettled':
      return { ...state, settled: { outcome: event.data.outcome, settledAt: event.data.settledAt } };
  }
}

/** What each backer gets back when the project fails: their pledges summed, in pledge order. */
export function refundsByBacker(state: ProjectState): Array<{ backerId: string; amountMinor: bigint }> {
  const totals = new Map<string, bigint>();
  for (const pledge of state.pledges) totals.set(pledge.backerId, (totals.get(pledge.backerId) ?? 0n) + pledge.amountMinor);
  return [...totals].map(([backerId, amountMinor]) => ({ backerId, amountMinor }));
}
