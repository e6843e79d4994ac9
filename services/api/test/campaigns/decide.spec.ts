import { accounts, decideCampaign, evolveCampaign, initialCampaign, type CampaignCommand, type CampaignDecision, type CampaignEvent, type CampaignState, type EditableFields } from '../../src/modules/campaigns/domain/campaign';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<CampaignCommand, CampaignState, CampaignEvent, CampaignDecision>({ decide: decideCampaign, evolve: evolveCampaign, initialState: initialCampaign });

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
const cost = { totalMinor: '5000', baseMinor: '5000', durationHundredths: '100', audienceHundredths: '100', premiumHundredths: '100' };
const createdData = {
  campaignId: 'c1',
  ownerId: 'owner',
  fields,
  scope: { startDate: '2026-11-27', endDate: null, durationDays: 7, campaignType: 'standard' as const, audienceSize: 1000, locations: [], interests: [] },
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
const change = (to: Status, callerId = 'owner'): CampaignCommand => ({ type: 'ChangeCampaignStatus', data: { callerId, to, at } });

describe('campaign decider', () => {
  describe('CreateCampaign', () => {
    it('moves exactly the cost from the owner into the campaign escrow, as a draft', () => {
      spec
        .given([])
        .when({ type: 'CreateCampaign', data: createdData })
        .then({ events: [created], postings: [{ debitAccount: accounts.user('owner'), creditAccount: accounts.escrow('c1'), currency: 'moves', amountMinor: 5000n }] });
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
        .then({ events: [status('draft', 'active', '5000')], postings: [{ debitAccount: accounts.escrow('c1'), creditAccount: accounts.burn, currency: 'moves', amountMinor: 5000n }] });
    });

    it('active ⇄ paused and active|paused → completed move nothing', () => {
      spec.given([created, status('draft', 'active', '5000')]).when(change('paused')).then({ events: [status('active', 'paused')], postings: [] });
      spec.given([created, status('draft', 'active', '5000'), status('active', 'paused')]).when(change('active')).then({ events: [status('paused', 'active')], postings: [] });
      spec.given([created, status('draft', 'active', '5000')]).when(change('completed')).then({ events: [status('active', 'completed')], postings: [] });
      spec.given([created, status('draft', 'active', '5000'), status('active', 'paused')]).when(change('completed')).then({ events: [status('paused', 'completed')], postings: [] });
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
      spec.given([created]).when({ type: 'UpdateCampaign', data: { callerId: 'owner', fields: edited, at } }).then([{ type: 'CampaignUpdated', data: { fields: edited, at } }]);
    });

    it('refuses once completed', () => {
      spec.given([created, status('draft', 'active', '5000'), status('active', 'completed')]).when({ type: 'UpdateCampaign', data: { callerId: 'owner', fields, at } }).thenRefused('CAMPAIGN_COMPLETED');
    });
  });

  describe('DeleteCampaign', () => {
    it('gives a draft its whole escrow back to the owner', () => {
      spec
        .given([created])
        .when({ type: 'DeleteCampaign', data: { callerId: 'owner', at } })
        .then({ events: [{ type: 'CampaignDeleted', data: { refundMinor: '5000', at } }], postings: [{ debitAccount: accounts.escrow('c1'), creditAccount: accounts.user('owner'), currency: 'moves', amountMinor: 5000n }] });
    });

    it('gives nothing back once activated (the escrow was consumed)', () => {
      spec
        .given([created, status('draft', 'active', '5000'), status('active', 'paused')])
        .when({ type: 'DeleteCampaign', data: { callerId: 'owner', at } })
        .then({ events: [{ type: 'CampaignDeleted', data: { refundMinor: '0', at } }], postings: [] });
    });

    it('refuses a second delete and a stranger', () => {
      spec.given([created, { type: 'CampaignDeleted', data: { refundMinor: '5000', at } }]).when({ type: 'DeleteCampaign', data: { callerId: 'owner', at } }).thenRefused('CAMPAIGN_NOT_FOUND');
      spec.given([created]).when({ type: 'DeleteCampaign', data: { callerId: 'stranger', at } }).thenRefused('NOT_CAMPAIGN_OWNER');
    });
  });

  describe('items', () => {
    it('adds content once and removes only what is there', () => {
      const added: CampaignEvent = { type: 'CampaignItemAdded', data: { kind: 'content', itemId: 'k1', at } };
      spec.given([created]).when({ type: 'AddCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } }).then([added]);
      spec.given([created, added]).when({ type: 'AddCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } }).thenRefused('ITEM_ALREADY_ADDED');
      spec.given([created, added]).when({ type: 'RemoveCampaignItem', data: { callerId: 'owner', kind: 'content', itemId: 'k1', at } }).then([{ type: 'CampaignItemRemoved', data: { kind: 'content', itemId: 'k1', at } }]);
      spec.given([created]).when({ type: 'RemoveCampaignItem', data: { callerId: 'owner', kind: 'drop', itemId: 'd1', at } }).thenRefused('ITEM_NOT_IN_CAMPAIGN');
    });
  });
});
