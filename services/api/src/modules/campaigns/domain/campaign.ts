import {
  CAMPAIGN_TRANSITIONS,
  type CampaignCostBreakdown,
  type CampaignEditableFields,
  type CampaignEvent,
  type CampaignScope,
  type CampaignStatus,
} from '@app/contracts/campaigns';
import { SYSTEM_ACCOUNTS, escrowAccount, userAccount, type MoneyMovement } from '@app/contracts/ledger';

/** One campaign's stream (`campaign-<id>`) holds these events: everything about it is decided here (README "Model"). */
export type { CampaignEvent, CampaignScope };
/** What the owner may edit (amounts in hundredths, as strings in events: jsonb cannot hold a bigint exactly). */
export type EditableFields = CampaignEditableFields;
export type CostBreakdown = CampaignCostBreakdown;

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
      return {
        ...state,
        [key]: [...state[key], { itemId: event.data.itemId, addedAt: event.data.at }],
        updatedAt: event.data.at,
      };
    }
    case 'CampaignItemRemoved': {
      const key = listOf(event.data.kind);
      return {
        ...state,
        [key]: state[key].filter((item) => item.itemId !== event.data.itemId),
        updatedAt: event.data.at,
      };
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

/**
 * `transactionId` names the moves' movement of the commands that may move any (fixed outside: a retry decides again).
 */
export type CampaignCommand =
  | {
      type: 'CreateCampaign';
      data: {
        campaignId: string;
        ownerId: string;
        fields: EditableFields;
        scope: CampaignScope;
        cost: CostBreakdown;
        transactionId: string;
        at: string;
      };
    }
  | { type: 'UpdateCampaign'; data: { callerId: string; fields: EditableFields; at: string } }
  | { type: 'ChangeCampaignStatus'; data: { callerId: string; to: CampaignStatus; transactionId: string; at: string } }
  | { type: 'AddCampaignItem'; data: { callerId: string; kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'RemoveCampaignItem'; data: { callerId: string; kind: 'content' | 'drop'; itemId: string; at: string } }
  | { type: 'DeleteCampaign'; data: { callerId: string; transactionId: string; at: string } };

export type CampaignRefusal =
  | 'CAMPAIGN_EXISTS'
  | 'CAMPAIGN_NOT_FOUND'
  | 'NOT_CAMPAIGN_OWNER'
  | 'CAMPAIGN_COMPLETED'
  | 'INVALID_STATUS_TRANSITION'
  | 'ITEM_ALREADY_ADDED'
  | 'ITEM_NOT_IN_CAMPAIGN';

export type CampaignDecision =
  | { kind: 'accepted'; events: CampaignEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: CampaignRefusal };

const refuse = (refusal: CampaignRefusal): CampaignDecision => ({ kind: 'refused', refusal });
const accept = (events: CampaignEvent[], money: MoneyMovement | null = null): CampaignDecision => ({
  kind: 'accepted',
  events,
  money,
});

/**
 * Moves between the owner, the campaign's escrow and `system:burn`, under CAMPAIGN_SPEND; none when the amount is 0.
 */
function movesOf(
  movement: { campaignId: string; transactionId: string; description: string; at: string },
  from: string,
  to: string,
  amountMinor: bigint,
): MoneyMovement | null {
  if (amountMinor <= 0n) return null;
  return {
    transactionId: movement.transactionId,
    reasonCode: 'CAMPAIGN_SPEND',
    description: movement.description,
    postings: [{ debitAccount: from, creditAccount: to, currency: 'moves', amountMinor }],
    now: movement.at,
    references: { campaignId: movement.campaignId },
  };
}

/** The owner's own, live campaign, or why not (checked before every command but creation). */
function ownedLive(state: CampaignState, callerId: string): CampaignRefusal | null {
  if (!state.exists || state.deleted) return 'CAMPAIGN_NOT_FOUND';
  if (state.ownerId !== callerId) return 'NOT_CAMPAIGN_OWNER';
  return null;
}

type CommandData<T extends CampaignCommand['type']> = Extract<CampaignCommand, { type: T }>['data'];

/** Creation escrows the campaign's cost from the owner's moves. */
function decideCreate(data: CommandData<'CreateCampaign'>, state: CampaignState): CampaignDecision {
  if (state.exists) return refuse('CAMPAIGN_EXISTS');
  const money = movesOf(
    {
      campaignId: data.campaignId,
      transactionId: data.transactionId,
      description: `Campaign "${data.fields.name}": move cost`,
      at: data.at,
    },
    userAccount(data.ownerId),
    escrowAccount('campaign', data.campaignId),
    BigInt(data.cost.totalMinor),
  );
  return accept([{ type: 'CampaignCreated', data }], money);
}

function decideStatusChange(data: CommandData<'ChangeCampaignStatus'>, state: CampaignState): CampaignDecision {
  const refusal = ownedLive(state, data.callerId);
  if (refusal) return refuse(refusal);
  const { to, transactionId, at } = data;
  if (!CAMPAIGN_TRANSITIONS[state.status].includes(to)) return refuse('INVALID_STATUS_TRANSITION');
  // The first activation consumes what the creation escrowed: from then on nothing is refunded.
  const consumed = state.status === 'draft' && to === 'active' ? BigInt(state.escrowMinor) : 0n;
  const money = movesOf(
    { campaignId: state.campaignId, transactionId, description: 'Campaign activated: move cost consumed', at },
    escrowAccount('campaign', state.campaignId),
    SYSTEM_ACCOUNTS.burn,
    consumed,
  );
  return accept(
    [{ type: 'CampaignStatusChanged', data: { from: state.status, to, consumedMinor: consumed.toString(), at } }],
    money,
  );
}

/**
 * The campaign's rules, pure. Money (README "Moves"): creation moves the cost from the owner's moves into
 * `escrow:campaign:<id>`; activation consumes the escrow (→ `system:burn`); deleting a draft (never activated) gives
 * the escrow back to the owner; deleting an activated campaign gives nothing back (its escrow is already consumed).
 */
export function decideCampaign(command: CampaignCommand, state: CampaignState): CampaignDecision {
  switch (command.type) {
    case 'CreateCampaign':
      return decideCreate(command.data, state);
    case 'UpdateCampaign': {
      const refusal = ownedLive(state, command.data.callerId);
      if (refusal) return refuse(refusal);
      if (state.status === 'completed') return refuse('CAMPAIGN_COMPLETED');
      return accept([{ type: 'CampaignUpdated', data: { fields: command.data.fields, at: command.data.at } }]);
    }
    case 'ChangeCampaignStatus':
      return decideStatusChange(command.data, state);
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
      const { transactionId, at } = command.data;
      const refund = state.status === 'draft' ? BigInt(state.escrowMinor) : 0n;
      const money = movesOf(
        {
          campaignId: state.campaignId,
          transactionId,
          description: 'Campaign deleted as a draft: move cost refunded',
          at,
        },
        escrowAccount('campaign', state.campaignId),
        userAccount(state.ownerId),
        refund,
      );
      return accept([{ type: 'CampaignDeleted', data: { refundMinor: refund.toString(), at } }], money);
    }
  }
}
