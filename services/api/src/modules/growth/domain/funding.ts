import type { FUNDING_CATEGORIES, ProjectEvent } from '@app/contracts/growth';
import { escrowAccount, userAccount, type AccountId, type MoneyMovement, type Posting } from '@app/contracts/ledger';
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

export const initialProject = (projectId: string): ProjectState => ({
  projectId,
  created: null,
  pledges: [],
  raisedMinor: 0n,
  settled: null,
});

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
  | {
      type: 'Pledge';
      data: {
        pledgeId: string;
        backer: { id: string; isDemo: boolean };
        amountMinor: bigint;
        tierId: string | null;
        transactionId: string;
        now: string;
      };
    }
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

/**
 * The whole outcome: the events and the gems they move. A pledge: the backer's gems into `escrow:project:<id>`
 * (FUNDING_PLEDGE); settlement: the whole escrow to the creator when funded, else back to each backer
 * (FUNDING_SETTLEMENT), in one transaction: all or nothing.
 */
export type ProjectDecision =
  | { kind: 'accepted'; events: ProjectEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: ProjectRefusal };
const refuse = (refusal: ProjectRefusal): ProjectDecision => ({ kind: 'refused', refusal });

export const isPastDeadline = (project: NonNullable<ProjectState['created']>, now: string) =>
  Date.parse(now) >= Date.parse(project.deadline);

const gems = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting => ({
  debitAccount,
  creditAccount,
  currency: 'gems',
  amountMinor,
});
type Data<Type extends ProjectCommand['type']> = Extract<ProjectCommand, { type: Type }>['data'];

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectDecision {
  switch (command.type) {
    case 'CreateProject':
      return createProject(command.data, state);
    case 'Pledge':
      return pledge(command.data, state);
    case 'SettleProject':
      return settleProject(command.data, state);
  }
}

function createProject(data: Data<'CreateProject'>, state: ProjectState): ProjectDecision {
  if (state.created) return refuse({ code: 'PROJECT_EXISTS' });
  const { creator, now, tiers, ...fields } = data;
  const created: ProjectEvent = {
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
      tiers: tiers.map((tier, index) => ({
        id: `tier-${index + 1}`,
        ...tier,
        amountMinor: tier.amountMinor.toString(),
      })),
    },
  };
  return { kind: 'accepted', events: [created], money: null };
}

function pledge(data: Data<'Pledge'>, state: ProjectState): ProjectDecision {
  const project = state.created;
  if (!project) return refuse({ code: 'PROJECT_NOT_FOUND' });
  const { pledgeId, backer, amountMinor, tierId, transactionId, now } = data;
  if (backer.id === project.creatorId) return refuse({ code: 'OWN_PROJECT' });
  // One escrow for demo and real backers would move value between the two worlds (ledger README, sandboxes).
  if (backer.isDemo !== project.creatorIsDemo) return refuse({ code: 'DEMO_ACCOUNT_ISOLATION' });
  if (state.settled || isPastDeadline(project, now)) return refuse({ code: 'PROJECT_CLOSED' });
  const tier = tierId === null ? null : project.tiers.find((candidate) => candidate.id === tierId);
  if (tier === undefined) return refuse({ code: 'UNKNOWN_TIER' });
  if (amountMinor < project.minPledgeMinor)
    return refuse({ code: 'PLEDGE_BELOW_MINIMUM', minMinor: project.minPledgeMinor });
  if (tier && amountMinor < tier.amountMinor) return refuse({ code: 'PLEDGE_BELOW_TIER', tierMinor: tier.amountMinor });
  const made: ProjectEvent = {
    type: 'PledgeMade',
    data: {
      projectId: state.projectId,
      pledgeId,
      backerId: backer.id,
      amountMinor: amountMinor.toString(),
      tierId,
      transactionId,
      pledgedAt: now,
    },
  };
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'FUNDING_PLEDGE',
    description: `Pledge to ${project.title}`,
    now,
    postings: [gems(userAccount(backer.id), escrowAccount('project', state.projectId), amountMinor)],
    references: { projectId: state.projectId, pledgeId },
  };
  return { kind: 'accepted', events: [made], money };
}

function settleProject(data: Data<'SettleProject'>, state: ProjectState): ProjectDecision {
  const project = state.created;
  if (!project) return refuse({ code: 'PROJECT_NOT_FOUND' });
  if (state.settled) return refuse({ code: 'ALREADY_SETTLED' });
  const { transactionId, now } = data;
  if (!isPastDeadline(project, now)) return refuse({ code: 'NOT_DUE' });
  const outcome = state.raisedMinor >= project.goalMinor ? 'funded' : 'failed';
  const moves = state.raisedMinor > 0n;
  const settled: ProjectEvent = {
    type: 'ProjectSettled',
    data: {
      projectId: state.projectId,
      outcome,
      raisedMinor: state.raisedMinor.toString(),
      transactionId: moves ? transactionId : null,
      settledAt: now,
    },
  };
  if (!moves) return { kind: 'accepted', events: [settled], money: null };
  // Settlement pays out exactly what the escrow holds: every pledge.
  const escrow = escrowAccount('project', state.projectId);
  const postings =
    outcome === 'funded'
      ? [gems(escrow, userAccount(project.creatorId), state.raisedMinor)]
      : refundsByBacker(state).map((refund) => gems(escrow, userAccount(refund.backerId), refund.amountMinor));
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'FUNDING_SETTLEMENT',
    description:
      outcome === 'funded' ? `Funding for ${project.title}` : `Pledges returned: ${project.title} missed its goal`,
    now,
    postings,
    references: { projectId: state.projectId, outcome },
  };
  return { kind: 'accepted', events: [settled], money };
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
      const pledge: Pledge = {
        pledgeId: event.data.pledgeId,
        backerId: event.data.backerId,
        amountMinor: BigInt(event.data.amountMinor),
        tierId: event.data.tierId,
        pledgedAt: event.data.pledgedAt,
      };
      return { ...state, pledges: [...state.pledges, pledge], raisedMinor: state.raisedMinor + pledge.amountMinor };
    }
    case 'ProjectSettled':
      return { ...state, settled: { outcome: event.data.outcome, settledAt: event.data.settledAt } };
  }
}

/** What each backer gets back when the project fails: their pledges summed, in pledge order. */
export function refundsByBacker(state: ProjectState): Array<{ backerId: string; amountMinor: bigint }> {
  const totals = new Map<string, bigint>();
  for (const pledge of state.pledges)
    totals.set(pledge.backerId, (totals.get(pledge.backerId) ?? 0n) + pledge.amountMinor);
  return [...totals].map(([backerId, amountMinor]) => ({ backerId, amountMinor }));
}
