import {
  createContent,
  createDrop,
  createUser,
  renderWithPlatform,
  answerApiCallsRecording,
  type RecordedCall,
} from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdvertiserRoutes from '../../routes';
import { aCampaign } from './testing/campaign-fixtures';

const advertiser = (moves = '500') => createUser({ user_type: 'advertiser', moves_balance: moves });
const sent = (calls: RecordedCall[], key: string) => calls.filter((call) => call.key === key);
const id = aCampaign().id;
/** The live panel's total, once the cost call answered. */
const totalShown = (moves: string) =>
  waitFor(
    () =>
      expect(
        within(screen.getByLabelText('Cost breakdown')).getByText('Total cost').nextElementSibling,
      ).toHaveTextContent(moves),
    { timeout: 3000 },
  );
const cost = (totalCost: number) => ({
  totalCost,
  baseCost: 50,
  durationModifier: 1,
  audienceModifier: 1,
  premiumModifier: 1,
});

describe('mf_advertiser: campaign list', () => {
  it("lists the advertiser's campaigns with their real figures, linking to each", async () => {
    answerApiCallsRecording({
      'GET /api/campaigns': {
        body: {
          campaigns: [
            aCampaign({
              name: 'Winter launch',
              status: 'active',
              spent: 71.88,
              impressions: 1200,
              clicks: 30,
              ctr: 2.5,
            }),
            aCampaign({ id: 'c2', name: 'Spring teaser', status: 'paused' }),
          ],
        },
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns', user: advertiser('128.12') });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const winter = within(table).getByRole('row', { name: /Winter launch/ });
    expect(within(winter).getByText('Active')).toBeInTheDocument();
    expect(within(winter).getByText('71.88 moves')).toBeInTheDocument();
    expect(within(winter).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(winter).getByText('2.50%')).toBeInTheDocument();
    expect(within(winter).getByRole('link', { name: 'Winter launch' })).toHaveAttribute('href', `/campaigns/${id}`);
    expect(within(table).getByRole('row', { name: /Spring teaser/ })).toHaveTextContent('Paused');
    expect(screen.getByText('Moves available: 128.12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Campaign' })).toHaveAttribute('href', '/campaigns/new');
  });

  it('keeps the /advertiser/campaigns base in its links', async () => {
    answerApiCallsRecording({ 'GET /api/campaigns': { body: { campaigns: [aCampaign()] } } });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/advertiser/campaigns', user: advertiser() });
    expect(await screen.findByRole('link', { name: 'Winter launch' })).toHaveAttribute(
      'href',
      `/advertiser/campaigns/${id}`,
    );
  });

  it('shows an empty state, and the failure with Try again', async () => {
    let fail = true;
    answerApiCallsRecording({
      'GET /api/campaigns': () =>
        fail ? { status: 500, body: { error: 'Database down', code: 'INTERNAL' } } : { body: { campaigns: [] } },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns', user: advertiser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load campaigns: Database down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'No campaigns yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute('href', '/campaigns/new');
  });

  it('sends a user who is not an advertiser to onboarding without calling the API', async () => {
    const calls = answerApiCallsRecording({});
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns', user: createUser({ user_type: 'creator' }) });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Campaigns');
    expect(sent(calls, 'GET /api/campaigns')).toEqual([]);
  });
});

describe('mf_advertiser: new campaign', () => {
  it('prices the draft live, recalculates on every change, and creates it with numbers', async () => {
    const calls = answerApiCallsRecording({
      'POST /api/campaigns/calculate-move-cost': (_url, body) => ({
        body: cost((body as { campaignType: string }).campaignType === 'premium' ? 150 : 50),
      }),
      'POST /api/campaigns': { status: 201, body: { success: true, movesSpent: 150, campaign: aCampaign() } },
      'GET /api/campaigns': { body: { campaigns: [aCampaign()] } },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns/new', user: advertiser('500') });
    await totalShown('50 moves');
    expect(sent(calls, 'POST /api/campaigns/calculate-move-cost')[0].body).toEqual({
      campaignType: 'standard',
      duration: 7,
      audienceSize: 1000,
      locations: [],
      interests: [],
      isPremium: false,
    });

    await userEvent.selectOptions(screen.getByLabelText('Campaign type'), 'premium');
    await userEvent.type(screen.getByLabelText('Locations'), 'US, Canada');
    await totalShown('150 moves');
    expect(sent(calls, 'POST /api/campaigns/calculate-move-cost').at(-1)!.body).toMatchObject({
      campaignType: 'premium',
      locations: ['US', 'Canada'],
      isPremium: true,
    });
    expect(screen.getByText('Will run until budget is spent')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Campaign name'), 'Winter launch');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(
      await screen.findByText('Campaign created successfully! 150 moves deducted from your balance.'),
    ).toBeInTheDocument();
    const [create] = sent(calls, 'POST /api/campaigns');
    expect(create.body).toMatchObject({
      name: 'Winter launch',
      campaignType: 'premium',
      audienceSize: 1000,
      budget: 1000,
      dailyBudget: 100,
      targetCtr: 2,
      targetCpc: 0.5,
      bidStrategy: 'lowest_cost',
      bidAmount: null,
      endDate: null,
      locations: ['US', 'Canada'],
      userId: 'user-1',
      duration: 7,
    });
    expect(create.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
  });

  it('blocks the submit with the spec text when moves are short', async () => {
    const calls = answerApiCallsRecording({ 'POST /api/campaigns/calculate-move-cost': { body: cost(50) } });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns/new', user: advertiser('49.99') });
    expect(
      await screen.findByText(
        'You do not have enough moves to create this campaign. Please reduce the scope or purchase more moves.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Get More Moves' })).toHaveAttribute('href', '/account/billing');
    expect(sent(calls, 'POST /api/campaigns')).toEqual([]);
  });

  it("counts the plan's moves allowance the moves overview credits, so a new advertiser can create at once", async () => {
    const overview = {
      status: 'success',
      data: {
        moves_balance: 50,
        allowance: {
          tier: 'free',
          period: 'month',
          moves: 50,
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-12-01T00:00:00.000Z',
          credited: true,
        },
        packages: [],
      },
    };
    const calls = answerApiCallsRecording({
      'POST /api/campaigns/calculate-move-cost': { body: cost(50) },
      'GET /api/subscriptions/moves': { body: overview },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns/new', user: advertiser('0') });
    await totalShown('50');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeEnabled());
    expect(
      screen.queryByText(
        'You do not have enough moves to create this campaign. Please reduce the scope or purchase more moves.',
      ),
    ).not.toBeInTheDocument();
    expect(sent(calls, 'GET /api/subscriptions/moves')).toHaveLength(1);
  });

  it("shows the form's rules on the fields and the server's failure as the spec words it", async () => {
    const calls = answerApiCallsRecording({
      'POST /api/campaigns/calculate-move-cost': { body: cost(50) },
      'POST /api/campaigns': { status: 422, body: { error: 'Not now', code: 'SOMETHING' } },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/campaigns/new', user: advertiser('500') });
    await totalShown('50 moves');
    await userEvent.clear(screen.getByLabelText('Total budget ($)'));
    await userEvent.type(screen.getByLabelText('Total budget ($)'), '0.5');
    await userEvent.selectOptions(screen.getByLabelText('Bid strategy'), 'bid_cap');
    await userEvent.clear(screen.getByLabelText('Bid amount ($)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign name is required')).toBeInTheDocument();
    expect(screen.getByText('Budget must be at least 1, with at most 2 decimals')).toBeInTheDocument();
    expect(
      screen.getByText('Bid amount is required (at least 0.01) unless the strategy is Lowest Cost'),
    ).toBeInTheDocument();
    expect(sent(calls, 'POST /api/campaigns')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Campaign name'), 'Launch');
    await userEvent.clear(screen.getByLabelText('Total budget ($)'));
    await userEvent.type(screen.getByLabelText('Total budget ($)'), '300');
    await userEvent.type(screen.getByLabelText('Bid amount ($)'), '1.5');
    await userEvent.type(screen.getByLabelText('End date (optional)'), '2099-01-10');
    expect(screen.getByText('About 3 days at this daily budget')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Failed to create campaign: Not now')).toBeInTheDocument();
    expect(sent(calls, 'POST /api/campaigns')[0].body).toMatchObject({
      budget: 300,
      bidStrategy: 'bid_cap',
      bidAmount: 1.5,
      endDate: '2099-01-10',
    });
  });
});

describe('mf_advertiser: campaign detail', () => {
  const detail = aCampaign({
    status: 'active',
    startedAt: '2026-11-27T11:00:00.000Z',
    updatedAt: '2026-11-27T11:00:00.000Z',
    impressions: 400,
    clicks: 8,
    ctr: 2,
    cpc: 6.25,
    drops: 1,
    participants: 3,
    contentIds: ['k1'],
    content: [
      {
        id: 'k1',
        title: 'Morning routine',
        status: 'live',
        platform: 'tiktok',
        creator: '@grace',
        impressions: 400,
        clicks: 8,
        ctr: 2,
        spent: 25,
        budget: 50,
        addedAt: '2026-11-27T10:00:00.000Z',
      },
    ],
    platforms: [{ platform: 'tiktok', items: 1, impressions: 400, clicks: 8, averageCtr: 2 }],
    daily: [
      { day: '2026-11-26', impressions: 150, clicks: 3 },
      { day: '2026-11-27', impressions: 250, clicks: 5 },
    ],
  });

  it('shows the summary cards and the four tabs on real figures, with a real chart', async () => {
    answerApiCallsRecording({ [`GET /api/campaigns/${id}`]: { body: detail } });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    expect(await screen.findByRole('heading', { name: 'Winter launch' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Impressions' })).getByText('400')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Participants' })).getByText('1 drop')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Budget' })).getByText('Moves spent: 50 moves'),
    ).toBeInTheDocument();
    expect(screen.getByText('6.25 moves per click')).toBeInTheDocument();
    expect(screen.getByText('Our winter line')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Impressions and clicks per day' })).toHaveTextContent('250');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Performance' }));
    expect(screen.getByRole('figure', { name: 'Daily performance' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Performance by platform' })).getByText('tiktok'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content (1)' }));
    expect(screen.getByRole('link', { name: 'Morning routine' })).toHaveAttribute('href', '/content/k1');
    expect(screen.getByText('@grace')).toBeInTheDocument();
    // Spent of budget, from the server's figures, with its progress bar.
    expect(screen.getByText('25 moves of 50 moves')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Morning routine: spent of budget' });
    expect(bar).toHaveAttribute('value', '25');
    expect(bar).toHaveAttribute('max', '50');
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByText('Lowest Cost', { selector: 'dd' })).toBeInTheDocument();
  });

  it('pauses after confirmation, calling the status route', async () => {
    let current = detail;
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: () => ({ body: current }),
      [`POST /api/campaigns/${id}/status`]: (_url, body) => {
        current = { ...detail, status: (body as { status: 'paused' }).status };
        return { body: current };
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause campaign?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(sent(calls, `POST /api/campaigns/${id}/status`)[0].body).toEqual({ status: 'paused' });
    expect(screen.getByText('Campaign paused')).toBeInTheDocument();
  });

  it('shows a refused status change in the dialog and changes nothing', async () => {
    answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: { body: aCampaign() },
      [`POST /api/campaigns/${id}/status`]: {
        status: 409,
        body: { error: 'A campaign cannot go from completed to active', code: 'INVALID_STATUS_TRANSITION' },
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate campaign?' });
    expect(dialog).toHaveTextContent('deleting it refunds nothing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A campaign cannot go from completed to active');
  });

  it('deletes a draft after confirmation, says what came back and returns to the list', async () => {
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: { body: aCampaign() },
      [`DELETE /api/campaigns/${id}`]: { body: { success: true, id, movesRefunded: 50 } },
      'GET /api/campaigns': { body: { campaigns: [] } },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete campaign?' });
    expect(dialog).toHaveTextContent('its 50 moves go back to your balance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Campaign' }));
    expect(await screen.findByText('Campaign deleted. 50 moves refunded.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'No campaigns yet' })).toBeInTheDocument();
    expect(sent(calls, `DELETE /api/campaigns/${id}`)[0].headers['Idempotency-Key']).toEqual(expect.any(String));
  });

  it('adds content from the empty Content tab', async () => {
    let current = aCampaign();
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: () => ({ body: current }),
      'GET /api/content': {
        body: { items: [createContent({ id: 'k9', title: 'Street food', platform: 'youtube' })], next_cursor: null },
      },
      [`POST /api/campaigns/${id}/content`]: () => {
        current = aCampaign({
          contentIds: ['k9'],
          content: [
            {
              id: 'k9',
              title: 'Street food',
              status: 'live',
              platform: 'youtube',
              creator: null,
              impressions: 0,
              clicks: 0,
              ctr: 0,
              spent: 0,
              budget: 50,
              addedAt: '2026-11-27T10:00:00.000Z',
            },
          ],
        });
        return { body: current };
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    await userEvent.click(await screen.findByRole('tab', { name: 'Content (0)' }));
    expect(screen.getByRole('region', { name: 'No content added yet' })).toHaveTextContent(
      'Get started by adding content to your campaign.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add content' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add to campaign' }));
    expect(await screen.findByRole('link', { name: 'Street food' })).toBeInTheDocument();
    expect(sent(calls, `POST /api/campaigns/${id}/content`)[0].body).toEqual({ contentId: 'k9' });
  });

  it("adds one of the advertiser's own drops and lists it with its title", async () => {
    let current = aCampaign();
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: () => ({ body: current }),
      'GET /api/drops': (url) => ({
        body:
          url.searchParams.get('creator_id') === 'user-1'
            ? [createDrop({ id: 'd7', title: 'Clip our launch', status: 'active', creator_id: 'user-1' })]
            : [],
      }),
      [`POST /api/campaigns/${id}/drops`]: (_url, body) => {
        current = aCampaign({ dropIds: [(body as { dropId: string }).dropId], drops: 1 });
        return { body: current };
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    await userEvent.click(await screen.findByRole('tab', { name: 'Content (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Drop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add drop' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add to campaign' }));
    expect(await screen.findByRole('link', { name: 'Clip our launch' })).toHaveAttribute('href', '/drops/d7');
    expect(sent(calls, `POST /api/campaigns/${id}/drops`)[0].body).toEqual({ dropId: 'd7' });
  });

  it('has working quick actions: Refresh Data reloads, Add Content opens the picker on the Content tab', async () => {
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: { body: aCampaign() },
      'GET /api/content': { body: { items: [], next_cursor: null } },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Refresh Data' }));
    await waitFor(() => expect(sent(calls, `GET /api/campaigns/${id}`)).toHaveLength(2));
    expect(within(actions).getByRole('link', { name: 'Add Funds' })).toHaveAttribute('href', '/account/billing');
    await userEvent.click(within(actions).getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByRole('dialog', { name: 'Add content' })).toHaveTextContent('No more content to add.');
    expect(screen.getByRole('tab', { name: 'Content (0)', selected: true, hidden: true })).toBeInTheDocument();
  });

  it('says so when the campaign cannot be loaded', async () => {
    answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: {
        status: 403,
        body: { error: 'Only the advertiser who created this campaign can change it', code: 'NOT_CAMPAIGN_OWNER' },
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}`, user: advertiser() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load campaign details: Only the advertiser who created this campaign can change it',
    );
  });
});

describe('mf_advertiser: edit campaign', () => {
  it('loads the editable fields and saves them with PUT', async () => {
    const calls = answerApiCallsRecording({
      [`GET /api/campaigns/${id}`]: { body: aCampaign() },
      [`PUT /api/campaigns/${id}`]: (_url, body) => ({ body: aCampaign(body as never) }),
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: `/campaigns/${id}/edit`, user: advertiser() });
    const name = await screen.findByLabelText('Campaign name');
    expect(name).toHaveValue('Winter launch');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.clear(screen.getByLabelText('Daily budget ($)'));
    await userEvent.type(screen.getByLabelText('Daily budget ($)'), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    expect(sent(calls, `PUT /api/campaigns/${id}`)[0].body).toEqual({
      name: 'Renamed',
      objective: 'engagement',
      description: 'Our winter line',
      budget: 1000,
      dailyBudget: 250,
      bidStrategy: 'lowest_cost',
      bidAmount: null,
      targetCtr: 2,
      targetCpc: 0.5,
    });
  });
});
