import {
  decideCampaign,
  evolveCampaign,
  initialCampaign,
  type CampaignCommand,
  type CampaignDecision,
  type CampaignEvent,
  type CampaignState,
  type EditableFields,
} from '../../src/modules/campaigns/domain/campaign';
import { CAMPAIGN_EVENT_SCHEMAS } from '@app/contracts/campaigns';
import { eventParser } from '../../src/platform/event-sourcing/aggregate-stream';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<CampaignCommand, CampaignState, CampaignEvent, CampaignDecision>({
  decide: decideCampaign,
  evolve: evolveCampaign,
  initialState: initialCampaign,
});

const at = '2026-11-27T10:00:00.000Z';
const fields: EditableFields = {
  name: 'Launch',
  objective: 'engagement',
  description: '',
  budgetMinor: '100000',
  dailyBudgetMinor: '10000',
  bidStrategy: 'lowest_cost',
  bidAmountMinor: null,
  targetCtrTenths: 20,
  targetCpcMinor: '50',
};
const cost = {
  totalMinor: '5000',
  baseMinor: '5000',
  durationHundredths: '100',
  audienceHundredths: '100',
  premiumHundredths: '100',
};
const createdData = {
  campaignId: 'c1',
  ownerId: 'owner',
  fields,
  scope: {
    startDate: '2026-11-27',
    endDate: null,
    durationDays: 7,
    campaignType: 'standard' as const,
    audienceSize: 1000,
    locations: [],
    interests: [],
  },
  cost,
  transactionId: 'tx-1',
  at,
};
const created: CampaignEvent = { type: 'CampaignCreated', data: createdData };
type Status = 'draft' | 'active' | 'paused' | 'completed';
const status = (from: Status, to: Status, consumedMinor = '0'): CampaignEvent => ({
  type: 'CampaignStatusChanged',
  data: { from, to, consumedMinor, at },
});
const change = (to: Status, callerId = 'owner'): CampaignCommand => ({
  type: 'ChangeCampaignStatus',
  data: { callerId, to, transactionId: 'tx-2', at },
});
const remove = (callerId = 'owner'): CampaignCommand => ({
  type: 'DeleteCampaign',
  data: { callerId, transactionId: 'tx-3', at },
});
/** The moves a command moves, under CAMPAIGN_SPEND, referenced by the campaign. */
const moves = (
  transactionId: string,
  description: string,
  debitAccount: string,
  creditAccount: string,
  amountMinor: bigint,
) => ({
  transactionId,
  reasonCode: 'CAMPAIGN_SPEND',
  description,
  postings: [{ debitAccount, creditAccount, currency: 'moves', amountMinor }],
  now: at,
  references: { campaignId: 'c1' },
});

describe('campaign decider', () => {
  describe('CreateCampaign', () => {
    it('moves exactly the cost from the owner into the campaign escrow, as a draft', () => {
      spec
        .given([])
        .when({ type: 'CreateCampaign', data: createdData })
        .then({
          events: [created],
          money: moves('tx-1', 'Campaign "Launch": move cost', 'user:owner', 'escrow:campaign:c1', 5000n),
        });
    });

    it('moves nothing for a campaign that costs nothing', () => {
      const free = { ...createdData, cost: { ...cost, totalMinor: '0' } };
      spec
        .given([])
        .when({ type: 'CreateCampaign', data: free })
        .then({ events: [{ type: 'CampaignCreated', data: free }], money: null });
    });

    it('refuses a campaign that exists', () => {
      spec.given([created]).when({ type: 'CreateCampaign', data: createdData }).thenRefused('CAMPAIGN_EXISTS');
    });
  });

  describe('ChangeCampaignStatus', () => {
    it('draft → active consumes the escrow (to system:burn)', () => {
      spec
        .given([created])
        .when(change('active'))
        .then({
          events: [status('draft', 'active', '5000')],
          money: moves('tx-2', 'Campaign activated: move cost consumed', 'escrow:campaign:c1', 'system:burn', 5000n),
        });
    });

    it('active ⇄ paused and active|paused → completed move nothing', () => {
      spec
        .given([created, status('draft', 'active', '5000')])
        .when(change('paused'))
        .then({ events: [status('active', 'paused')], money: null });
      spec
        .given([created, status('draft', 'active', '5000'), status('active', 'paused')])
        .when(change('active'))
        .then({ events: [status('paused', 'active')], money: null });
      spec
        .given([created, status('draft', 'active', '5000')])
        .when(change('completed'))
        .then({ events: [status('active', 'completed')], money: null });
      spec
        .given([created, status('draft', 'active', '5000'), status('active', 'paused')])
        .when(change('completed'))
        .then({ events: [status('paused', 'completed')], money: null });
    });

    it.each([
      ['draft', 'paused'],
      ['draft', 'completed'],
      ['draft', 'draft'],
      ['active', 'active'],
      ['active', 'draft'],
      ['paused', 'paused'],
      ['completed', 'active'],
      ['completed', 'paused'],
    ] as const)('refuses %s → %s', (from, to) => {
      const history: CampaignEvent[] = [created];
      if (from !== 'draft') history.push(status('draft', 'active', '5000'));
      if (from === 'paused') history.push(status('active', 'paused'));
      if (from === 'completed') history.push(status('active', 'completed'));
      spec.given(history).when(change(to)).thenRefused('INVALID_STATUS_TRANSITION');
    });

    it("refuses another user's campaign and one that does not exist", () => {
      spec.given([created]).when(change('active', 'someone-else')).thenRefused('NOT_CAMPAIGN_OWNER');
      spec.given([]).when(change('active')).thenRefused('CAMPAIGN_NOT_FOUND');
    });
  });

  describe('UpdateCampaign', () => {
    it('replaces the editable fields', () => {
      const edited = { ...fields, name: 'Relaunch' };
      spec
        .given([created])
        .when({ type: 'UpdateCampaign', data: { callerId: 'owner', fields: edited, at } })
        .then([{ type: 'CampaignUpdated', data: { fields: edited, at } }]);
    });

    it('refuses once completed', () => {
      spec
        .given([created, status('draft', 'active', '5000'), status('active', 'completed')])
        .when({ type: 'UpdateCampaign', data: { callerId: 'owner', fields, at } })
        .thenRefused('CAMPAIGN_COMPLETED');
    });
  });

  describe('DeleteCampaign', () => {
    it('gives a draft its whole escrow back to the owner', () => {
      spec
        .given([created])
        .when(remove())
        .then({
          events: [{ type: 'CampaignDeleted', data: { refundMinor: '5000', at } }],
          money: moves(
            'tx-3',
            'Campaign deleted as a draft: move cost refunded',
            'escrow:campaign:c1',
            'user:owner',
            5000n,
          ),
        });
    });

    it('gives nothing back once activated (the escrow was consumed)', () => {
      spec
        .given([created, status('draft', 'active', '5000'), status('active', 'paused')])
        .when(remove())
        .then({ events: [{ type: 'CampaignDeleted', data: { refundMinor: '0', at } }], money: null });
    });

    it('refuses a second delete and a stranger', () => {
      spec
        .given([created, { type: 'CampaignDeleted', data: { refundMinor: '5000', at } }])
        .when(remove())
        .thenRefused('CAMPAIGN_NOT_FOUND');
      spec.given([created]).when(remove('stranger')).thenRefused('NOT_CAMPAIGN_OWNER');
    });
  });

  describe('items', () => {
    it('adds content once and removes only what is there', () => {
      const added: CampaignEvent = { type: 'CampaignItemAdded', data: { kind: 'content', itemId: 'k1', at } };
      spec
        .given([created])
        .when({ type: 'AddCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } })
        .then([added]);
      spec
        .given([created, added])
        .when({ type: 'AddCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } })
        .thenRefused('ITEM_ALREADY_ADDED');
      spec
        .given([created, added])
        .when({ type: 'RemoveCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } })
        .then([{ type: 'CampaignItemRemoved', data: { kind: 'content', itemId: 'k1', at } }]);
      spec
        .given([created])
        .when({ type: 'RemoveCampaignItem', data: { callerId: 'owner', kind: 'drop', itemId: 'd1', at } })
        .thenRefused('ITEM_NOT_IN_CAMPAIGN');
    });
  });

  describe('stored events', () => {
    const parse = eventParser<CampaignEvent>(CAMPAIGN_EVENT_SCHEMAS, 'campaigns');

    it("read back through the contracts' schemas as they were decided", () => {
      const decided = [
        created,
        status('draft', 'active', '5000'),
        { type: 'CampaignItemAdded', data: { kind: 'drop', itemId: 'd1', at } },
        { type: 'CampaignDeleted', data: { refundMinor: '0', at } },
      ] as CampaignEvent[];
      expect(decided.map((event) => parse(JSON.parse(JSON.stringify(event))))).toEqual(decided);
    });

    it('fail loudly when a payload no longer reads (never folded into a wrong state)', () => {
      expect(() => parse({ type: 'CampaignDeleted', data: { refundMinor: 5000, at } })).toThrow();
      expect(() => parse({ type: 'CampaignRenamed', data: {} })).toThrow('Not a campaigns event type: CampaignRenamed');
    });
  });
});
