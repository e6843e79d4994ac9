import { CAMPAIGN_TRANSITIONS, type BidStrategy, type CampaignObjective, type CampaignStatus, type CampaignType } from '@app/contracts/campaigns';

/** One campaign's stream: everything about it is decided here (README "Model"). */
export const campaignStreamId = (campaignId: string) => `campaign-${campaignId}`;

/** Ledger account ids as the ledger spells them; the domain imports no module. */
export const accounts = {
  user: (userId: string) => `user:${userId}`,
  escrow: (campaignId: string) => `escrow:campaign:${campaignId}`,
  burn: 'system:burn',
};

export interface Posting {
  debitAccount: string;
  creditAccount: string;
  currency: 'moves';
  amountMinor: bigint;
}

/** What the owner may edit (amounts in hundredths, as strings in events: jsonb cannot hold a bigint exactly). */
export interface EditableFields {
  name: string;
  objective: CampaignObjective;
  description: string;
  budgetMinor: string;
  dailyBudgetMinor: string;
  bidStrategy: BidStrategy;
  bidAmountMinor: string | null;
  /** Tenths of a percent (20 = 2.0 %). */
  targetCtrTenths: number;
  targetCpcMinor: string;
}

/** The paid scope: fixed once the moves are spent. */
export interface CampaignScope {
  startDate: string;
  endDate: string | null;
  durationDays: number;
  campaignType: CampaignType;
  audienceSize: number;
  locations: string[];
  interests: string[];
}

export interface CostBreakdown {
  totalMinor: string;
  baseMinor: string;
  durationHundredths: string;
  audienceHundredths: string;
  premiumHundredths: string;
}

export type CampaignEvent =
  | { type: 'CampaignCreated'; data: { campaignId: string; ownerId: string; fields: EditableFields; scope: CampaignScope; cost: CostBreakdown; transactionId: string; at: string } }
  | { type: 'CampaignUpdated'; data: { fields: EditableFields; at: string } }
  | { type: 'CampaignStatusChanged'; data: { from: CampaignStatus; to: CampaignStatus; consumedMinor: string; at: string } }
  | { type: 'CampaignItemAdded'; data: { kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'CampaignItemRemoved'; data: { kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'CampaignDeleted'; data: { refundMinor: string; at: string } };

export interface CampaignItem {
  itemId: string;
  addedAt: string;
}

export interface CampaignState {
  exists: boolean;
  deleted: boolean;
  campaignId: string;
  ownerId: string;
  status: CampaignStatus;
  fields: EditableFields | null;
  scope: CampaignScope | null;
  cost: CostBreakdown | null;
  /** Moves paid in (the cost), still in the campaign's escrow, and given back. */
  movesSpentMinor: string;
  escrowMinor: string;
  refundedMinor: string;
  createdAt: string | null;
  updatedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  content: CampaignItem[];
  drops: CampaignItem[];
}

export const initialCampaign = (): CampaignState => ({
  exists: false,
  deleted: false,
  campaignId: '',
  ownerId: '',
  status: 'draft',
  fields: null,
  scope: null,
  cost: null,
  movesSpentMinor: '0',
  escrowMinor: '0',
  refundedMinor: '0',
  createdAt: null,
  updatedAt: null,
  startedAt: null,
  completedAt: null,
  content: [],
  drops: [],
});

const listOf = (kind: 'content' | 'drop') => (kind === 'content' ? 'content' : 'drops');

export function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignCreated':
      return {
        ...state,
        exists: true,
        campaignId: event.data.campaignId,
        ownerId: event.data.ownerId,
        status: 'draft',
        fields: event.data.fields,
        scope: event.data.scope,
        cost: event.data.cost,
        movesSpentMinor: event.data.cost.totalMinor,
        escrowMinor: event.data.cost.totalMinor,
        createdAt: event.data.at,
        updatedAt: event.data.at,
      };
    case 'CampaignUpdated':
      return { ...state, fields: event.data.fields, updatedAt: event.data.at };
    case 'CampaignStatusChanged':
      return {
        ...state,
        status: event.data.to,
        escrowMinor: (BigInt(state.escrowMinor) - BigInt(event.data.consumedMinor)).toString(),
        startedAt: state.startedAt ?? (event.data.to === 'active' ? event.data.at : null),
        completedAt: event.data.to === 'completed' ? event.data.at : state.completedAt,
        updatedAt: event.data.at,
      };
    case 'CampaignItemAdded': {
      const key = listOf(event.data.kind);
      return { ...state, [key]: [...state[key], { itemId: event.data.itemId, addedAt: event.data.at }], updatedAt: event.data.at };
    }
    case 'CampaignItemRemoved': {
      const key = listOf(event.data.kind);
      return { ...state, [key]: state[key].filter((item) => item.itemId !== event.data.itemId), updatedAt: event.data.at };
    }
    case 'CampaignDeleted':
      return {
        ...state,
        deleted: true,
        escrowMinor: (BigInt(state.escrowMinor) - BigInt(event.data.refundMinor)).toString(),
        refundedMinor: (BigInt(state.refundedMinor) + BigInt(event.data.refundMinor)).toString(),
        updatedAt: event.data.at,
      };
  }
}

export type CampaignCommand =
  | { type: 'CreateCampaign'; data: { campaignId: string; ownerId: string; fields: EditableFields; scope: CampaignScope; cost: CostBreakdown; transactionId: string; at: string } }
  | { type: 'UpdateCampaign'; data: { callerId: string; fields: EditableFields; at: string } }
  | { type: 'ChangeCampaignStatus'; data: { callerId: string; to: CampaignStatus; at: string } }
  | { type: 'AddCampaignItem'; data: { callerId: string; kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'RemoveCampaignItem'; data: { callerId: string; kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'DeleteCampaign'; data: { callerId: string; at: string } };

export type CampaignRefusal = 'CAMPAIGN_EXISTS' | 'CAMPAIGN_NOT_FOUND' | 'NOT_CAMPAIGN_OWNER' | 'CAMPAIGN_COMPLETED' | 'INVALID_STATUS_TRANSITION' | 'ITEM_ALREADY_ADDED' | 'ITEM_NOT_IN_CAMPAIGN';

export type CampaignDecision = { kind: 'accepted'; events: CampaignEvent[]; postings: Posting[] } | { kind: 'refused'; refusal: CampaignRefusal };

const refuse = (refusal: CampaignRefusal): CampaignDecision => ({ kind: 'refused', refusal });
const accept = (events: CampaignEvent[], postings: Posting[] = []): CampaignDecision => ({ kind: 'accepted', events, postings });

/** The owner's own, live campaign, or why not (checked before every command but creation). */
function ownedLive(state: CampaignState, callerId: string): CampaignRefusal | null {
  if (!state.exists || state.deleted) return 'CAMPAIGN_NOT_FOUND';
  if (state.ownerId !== callerId) return 'NOT_CAMPAIGN_OWNER';
  return null;
}

/**
 * The campaign's rules, pure. Money (README "Moves"): creation moves the cost from the owner's moves into
 * `escrow:campaign:<id>`; activation consumes the escrow (→ `system:burn`); deleting a draft (never activated) gives
 * the escrow back to the owner; deleting an activated campaign gives nothing back (its escrow is already consumed).
 */
export function decideCampaign(command: CampaignCommand, state: CampaignState): CampaignDecision {
  switch (command.type) {
    case 'CreateCampaign': {
      if (state.exists) return refuse('CAMPAIGN_EXISTS');
      const { data } = command;
      const total = BigInt(data.cost.totalMinor);
      const postings: Posting[] = total > 0n ? [{ debitAccount: accounts.user(data.ownerId), creditAccount: accounts.escrow(data.campaignId), currency: 'moves', amountMinor: total }] : [];
      return accept([{ type: 'CampaignCreated', data }], postings);
    }
    case 'UpdateCampaign': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      if (state.status === 'completed') return refuse('CAMPAIGN_COMPLETED');
      return accept([{ type: 'CampaignUpdated', data: { fields: command.data.fields, at: command.data.at } }]);
    }
    case 'ChangeCampaignStatus': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      const { to, at } = command.data;
      if (!CAMPAIGN_TRANSITIONS[state.status].includes(to)) return refuse('INVALID_STATUS_TRANSITION');
      // The first activation consumes what the creation escrowed: from then on nothing is refunded.
      const consumed = state.status === 'draft' && to === 'active' ? BigInt(state.escrowMinor) : 0n;
      const postings: Posting[] = consumed > 0n ? [{ debitAccount: accounts.escrow(state.campaignId), creditAccount: accounts.burn, currency: 'moves', amountMinor: consumed }] : [];
      return accept([{ type: 'CampaignStatusChanged', data: { from: state.status, to, consumedMinor: consumed.toString(), at } }], postings);
    }
    case 'AddCampaignItem': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      if (state.status === 'completed') return refuse('CAMPAIGN_COMPLETED');
      const { kind, itemId, at } = command.data;
      if (state[listOf(kind)].some((item) => item.itemId === itemId)) return refuse('ITEM_ALREADY_ADDED');
      return accept([{ type: 'CampaignItemAdded', data: { kind, itemId, at } }]);
    }
    case 'RemoveCampaignItem': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      if (state.status === 'completed') return refuse('CAMPAIGN_COMPLETED');
      const { kind, itemId, at } = command.data;
      if (!state[listOf(kind)].some((item) => item.itemId === itemId)) return refuse('ITEM_NOT_IN_CAMPAIGN');
      return accept([{ type: 'CampaignItemRemoved', data: { kind, itemId, at } }]);
    }
    case 'DeleteCampaign': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      const refund = state.status === 'draft' ? BigInt(state.escrowMinor) : 0n;
      const postings: Posting[] = refund > 0n ? [{ debitAccount: accounts.escrow(state.campaignId), creditAccount: accounts.user(state.ownerId), currency: 'moves', amountMinor: refund }] : [];
      return accept([{ type: 'CampaignDeleted', data: { refundMinor: refund.toString(), at: command.data.at } }], postings);
    }
  }
}
