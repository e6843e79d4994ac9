import { onAccountDialogRequest } from '@app/platform';
import { createUser, renderWithPlatform, type StubResponse } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WalletRoutes from '../../routes';
import { fakeWalletApi as serve } from '../../shared/test-api';

// Typing into a dozen fields takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const channel = {
  id: 'steady-growth',
  name: 'Steady Growth',
  description: 'Short lock',
  lock_period_days: 30,
  base_multiplier: 1.1,
  risk_level: 'low',
  min_amount: 50,
  max_amount: 500,
  expected_apr: 121.67,
  icon: 'sparkles',
  color: 'green',
  features: ['30-day lock'],
  participant_count: 3,
  total_deposited: 750,
};
const position = {
  id: 'p1',
  channel_id: 'steady-growth',
  channel_name: 'Steady Growth',
  amount: 100,
  multiplier: 1.1,
  staked_at: '2026-11-01T00:00:00.000Z',
  lock_until: '2026-12-01T00:00:00.000Z',
  earned_so_far: 2.5,
  projected_total_reward: 10,
  daily_reward: 0.3333,
  status: 'active',
};
const project = {
  id: 'pr1',
  creator_id: 'someone',
  creator_name: 'Cat',
  creator_avatar: null,
  title: 'Indie film',
  description: 'A film',
  category: 'Film',
  target_amount: 1000,
  amount_raised: 250,
  backer_count: 2,
  days_left: 12,
  deadline: '2026-12-01T00:00:00.000Z',
  duration_days: 30,
  min_pledge: 25,
  status: 'active',
  featured: false,
  created_at: '2026-11-01T00:00:00.000Z',
  reward_tiers: [
    { id: 'tier-1', amount: 100, title: 'Poster', description: 'Signed', estimatedDelivery: '2027-01', backerCount: 1 },
  ],
};
const policy = (id: string, name: string, premium: number, min: number) => ({
  id,
  name,
  description: `${name} cover`,
  premium_amount: premium,
  coverage_amount: premium * 10,
  deductible: 10,
  min_followers: min,
  coverage: {
    platformBan: true,
    algorithmChange: false,
    contentStrike: true,
    monetizationLoss: false,
    followerLoss: false,
  },
  platforms: ['Instagram'],
});
const economy = {
  total_staked: 750,
  active_positions: 3,
  staking_rewards_accrued: 12.5,
  total_pledged: 250,
  active_projects: 1,
  funded_total: 0,
  insured_coverage: 290,
  active_subscriptions: 1,
  premiums_collected: 29,
  claims_paid: 0,
  issued: [
    { currency: 'gems', amount: 1012.5 },
    { currency: 'points', amount: 25 },
  ],
  as_of: '2026-11-20T00:00:00.000Z',
};

const base = (overrides: Record<string, StubResponse> = {}) => ({
  'GET /api/growth/channels': { body: [channel] },
  'GET /api/growth/staking': { body: [position] },
  'GET /api/growth/funding/projects': { body: [project] },
  'GET /api/growth/funding/pledges': {
    body: [
      {
        id: 'l1',
        project_id: 'pr1',
        project_title: 'Indie film',
        amount: 50,
        reward_tier: null,
        status: 'held',
        pledged_at: '2026-11-02T00:00:00.000Z',
      },
    ],
  },
  'GET /api/growth/shield/policies': {
    body: [policy('basic', 'Basic Shield', 29, 1000), policy('pro', 'Pro Shield', 79, 5000)],
  },
  'GET /api/growth/shield/subscription': { body: { subscription: null, verified_follower_count: 1200, claims: [] } },
  'GET /api/growth/economy': { body: economy },
  ...overrides,
});

const open = () =>
  renderWithPlatform(<WalletRoutes />, { route: '/growth-hub', user: createUser({ gems_balance: '300' }) });

describe('the Growth Hub', () => {
  it('shows the portfolio value from real stakes and held pledges, and the five tabs', async () => {
    serve(base());
    open();
    const portfolio = await screen.findByRole('region', { name: 'Portfolio value' });
    // 100 staked + 2.5 earned + 50 pledged.
    expect(within(portfolio).getByText('152.5 gems')).toBeInTheDocument();
    for (const tab of ['Overview', 'Growth Channels', 'Creator Funding', 'Social Shield', 'Platform Economy'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(await screen.findByText(/Held until the deadline/)).toBeInTheDocument();
  });

  it("opens the shell's Referral Program dialog, and hides the button when no shell listens", async () => {
    const user = userEvent.setup();
    serve(base());
    const requested: string[] = [];
    const stopListening = onAccountDialogRequest((dialog) => requested.push(dialog));
    const { unmount } = open();
    await user.click(screen.getByRole('button', { name: 'Referral Program' }));
    expect(requested).toEqual(['referral-program']);
    stopListening();
    unmount();
    open();
    expect(await screen.findByRole('region', { name: 'Portfolio value' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Referral Program' })).not.toBeInTheDocument();
  });

  it('stakes from a channel card with a live projection, the channel limits and MAX', async () => {
    const calls = serve(
      base({
        'POST /api/growth/staking': {
          status: 201,
          body: { success: true, position, transaction_id: 't', message: 'Staked 100 gems in Steady Growth' },
        },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Growth Channels' }));
    const card = await screen.findByRole('article', { name: 'Steady Growth' });
    expect(within(card).getByText('121.67%')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Stake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stake gems' });
    const amount = within(dialog).getByLabelText('Amount (gems)');
    await userEvent.type(amount, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stake' }));
    expect(await within(dialog).findByText('The minimum stake for this channel is 50 gems')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'MAX' }));
    expect(amount).toHaveValue('300');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    const projection = within(dialog).getByLabelText('Projection');
    expect(within(projection).getByText('10 gems')).toBeInTheDocument();
    expect(within(projection).getByText('0.33 gems')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stake' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/growth/staking')).toBe(true));
    const post = calls.find((call) => call.key === 'POST /api/growth/staking')!;
    expect(post.body).toEqual({ channel_id: 'steady-growth', amount: '100' });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows the server message when staking fails', async () => {
    serve(
      base({
        'POST /api/growth/staking': { status: 422, body: { error: 'Insufficient gems', code: 'INSUFFICIENT_BALANCE' } },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Growth Channels' }));
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Steady Growth' })).getByRole('button', { name: 'Stake' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stake gems' });
    await userEvent.type(within(dialog).getByLabelText('Amount (gems)'), '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stake' }));
    expect(await within(dialog).findByText('Insufficient gems')).toBeInTheDocument();
  });

  it('creates a project with dynamic reward tiers (at least one remains) and the spec messages', async () => {
    // The list the server answers still trails the write (eventual read model): the new project shows from the answer.
    const created = { ...project, id: 'pr2', title: 'Ocean doc', amount_raised: 0, backer_count: 0 };
    const calls = serve(
      base({
        'POST /api/growth/funding/projects': {
          status: 201,
          body: { success: true, project: created, message: 'Project "Ocean doc" created' },
        },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Creator Funding' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    expect(within(dialog).getByRole('button', { name: 'Remove reward tier 1' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect((await within(dialog).findAllByText('Please fill in all required fields')).length).toBeGreaterThan(0);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Indie film');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'A film about the sea');
    await userEvent.type(within(dialog).getByLabelText('Funding goal (gems)'), '999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    const tiers = within(dialog).getAllByRole('group', { name: /^Reward tier \d/ });
    expect(tiers).toHaveLength(2);
    await userEvent.type(within(tiers[0]).getByLabelText('Amount (gems)'), '25');
    await userEvent.type(within(tiers[0]).getByLabelText('Tier title'), 'Thanks');
    await userEvent.type(within(tiers[1]).getByLabelText('Amount (gems)'), '100');
    await userEvent.type(within(tiers[1]).getByLabelText('Tier title'), 'Poster');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText('Minimum funding goal is 1,000 gems')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Funding goal (gems)'));
    await userEvent.type(within(dialog).getByLabelText('Funding goal (gems)'), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove reward tier 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/growth/funding/projects')).toBe(true));
    expect(calls.find((call) => call.key === 'POST /api/growth/funding/projects')!.body).toMatchObject({
      title: 'Indie film',
      funding_goal: '1000',
      min_pledge: '25',
      duration_days: 30,
      reward_tiers: [{ amount: '100', title: 'Poster', description: '', estimatedDelivery: '' }],
    });
    expect(await screen.findByRole('article', { name: 'Ocean doc' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Indie film' })).toBeInTheDocument();
  });

  it('pledges to a project with a reward tier', async () => {
    const calls = serve(
      base({
        'POST /api/growth/funding/projects/pr1/pledge': {
          status: 201,
          body: {
            success: true,
            pledge: {
              id: 'l2',
              project_id: 'pr1',
              project_title: 'Indie film',
              amount: 100,
              reward_tier: 'tier-1',
              status: 'held',
              pledged_at: '2026-11-03T00:00:00.000Z',
            },
            project,
            transaction_id: 't',
            message: 'Pledged 100 gems to Indie film',
          },
        },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Creator Funding' }));
    const card = await screen.findByRole('article', { name: 'Indie film' });
    expect(within(card).getByText(/2 backers/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back Indie film' });
    const amount = within(dialog).getByLabelText('Pledge (gems)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reward tier'), 'tier-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pledge' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/growth/funding/projects/pr1/pledge')?.body).toEqual({
        amount: '100',
        reward_tier: 'tier-1',
      }),
    );
  });

  it('Social Shield: an unmet follower minimum is unselectable; select → confirm → subscribe, with the terms', async () => {
    const calls = serve(
      base({
        'POST /api/growth/shield/subscribe': {
          status: 201,
          body: {
            success: true,
            transaction_id: 't',
            message: 'Subscribed to Basic Shield',
            subscription: {
              id: 's1',
              policy_id: 'basic',
              policy_name: 'Basic Shield',
              status: 'active',
              premium_amount: 29,
              coverage_amount: 290,
              deductible: 10,
              period_start: '2026-11-01T00:00:00.000Z',
              period_end: '2026-12-01T00:00:00.000Z',
              coverage_from: '2026-11-02T00:00:00.000Z',
              subscribed_at: '2026-11-01T00:00:00.000Z',
            },
          },
        },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Social Shield' }));
    const pro = await screen.findByRole('article', { name: 'Pro Shield' });
    await waitFor(() => expect(within(pro).getByRole('button', { name: 'Select Pro Shield' })).toBeDisabled());
    expect(within(pro).getByText('Follower minimum not met')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('article', { name: 'Basic Shield' })).getByRole('button', {
        name: 'Select Basic Shield',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Basic Shield' });
    expect(within(dialog).getByText('Coverage begins 24 hours after activation')).toBeInTheDocument();
    expect(within(dialog).getByText('Claims within 7 days of an incident')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/growth/shield/subscribe')?.body).toEqual({
        policy_id: 'basic',
      }),
    );
  });

  it('a subscriber files a claim (the form sends an ISO instant) and sees its status; cancelling asks the server', async () => {
    const subscription = {
      id: 's1',
      policy_id: 'basic',
      policy_name: 'Basic Shield',
      status: 'active',
      premium_amount: 29,
      coverage_amount: 290,
      deductible: 10,
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
      coverage_from: '2026-11-02T00:00:00.000Z',
      subscribed_at: '2026-11-01T00:00:00.000Z',
    };
    const claim = {
      id: 'c1',
      subscription_id: 's1',
      user_id: 'user-1',
      incident_type: 'platformBan',
      occurred_at: '2026-11-05T10:00:00.000Z',
      description: 'Banned for no reason',
      evidence_url: 'https://example.com/a.png',
      payout_amount: 280,
      status: 'pending',
      filed_at: '2026-11-06T00:00:00.000Z',
      decided_at: null,
      decision_reason: null,
    };
    const calls = serve(
      base({
        'GET /api/growth/shield/subscription': {
          body: { subscription, verified_follower_count: 1200, claims: [claim] },
        },
        'POST /api/growth/shield/claims': { status: 201, body: { success: true, claim, message: 'Claim filed' } },
        'POST /api/growth/shield/subscriptions/s1/cancel': {
          body: { success: true, subscription: { ...subscription, status: 'cancelled' }, message: 'Cancelled' },
        },
      }),
    );
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Social Shield' }));
    expect(await screen.findByRole('list', { name: 'Your claims' })).toHaveTextContent('Pending review');
    expect(screen.getByText(/Payout 280 gems/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'File a claim' });
    await userEvent.click(within(form).getByRole('button', { name: 'File claim' }));
    expect(await within(form).findByText('Please provide a valid URL')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('When it happened'), '2026-11-05T10:00');
    await userEvent.type(within(form).getByLabelText('What happened'), 'Banned for no reason at all');
    await userEvent.type(within(form).getByLabelText('Evidence URL'), 'https://example.com/a.png');
    await userEvent.click(within(form).getByRole('button', { name: 'File claim' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/growth/shield/claims')).toBe(true));
    const sent = calls.find((call) => call.key === 'POST /api/growth/shield/claims')!.body as Record<string, string>;
    expect(sent).toMatchObject({
      incident_type: 'platformBan',
      description: 'Banned for no reason at all',
      evidence_url: 'https://example.com/a.png',
    });
    expect(sent.occurred_at).toBe(new Date('2026-11-05T10:00').toISOString());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'POST /api/growth/shield/subscriptions/s1/cancel')).toBe(true),
    );
  });

  it('Platform Economy shows the real totals and issuance per currency', async () => {
    serve(base());
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Platform Economy' }));
    expect(await screen.findByText('750 gems')).toBeInTheDocument();
    expect(screen.getByText('290 gems insured')).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Issued per currency' })).getByRole('table');
    expect(within(table).getByText('1,012.5')).toBeInTheDocument();
    // The totals chart (the shared Chart) carries its numbers in a table named by its title.
    const chart = screen.getByRole('table', { name: 'Gems in the Growth Hub' });
    expect(
      within(within(chart).getByRole('rowheader', { name: 'Insured' }).closest('tr')!).getByRole('cell'),
    ).toHaveTextContent('290');
  });

  it('shows an error with Try again when a tab fails to load, never sample data', async () => {
    serve(base({ 'GET /api/growth/economy': { status: 500, body: { error: 'boom', code: 'INTERNAL_ERROR' } } }));
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'Platform Economy' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
