import {
  createDrop,
  createUser,
  renderWithPlatform,
  answerApiCallsRecording,
  type RecordedCall,
} from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdvertiserRoutes from '../../routes';

const advertiser = () => createUser({ id: 'adv-1', user_type: 'advertiser' });
const sent = (calls: RecordedCall[], key: string) => calls.filter((call) => call.key === key);

const aCoupon = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  title: 'Launch week',
  description: 'Ten percent off',
  reward_type: 'coupon',
  value: 10,
  value_unit: 'percentage',
  quantity_total: 10,
  quantity_remaining: 8,
  start_date: '2026-11-20T00:00:00.000Z',
  end_date: '2026-12-21T00:00:00.000Z',
  status: 'active',
  assignments: [],
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const listBody = (coupons: unknown[], redemptions: unknown[] = []) => ({
  status: 'success',
  message: 'Coupons loaded',
  data: { coupons, redemptions },
});
const aDrop = createDrop({ id: 'd1', title: 'Our proof drop', creator_id: 'adv-1' });

describe('mf_advertiser: coupons', () => {
  it('lists coupons with status, value, quantity and assignments, and the redemptions', async () => {
    answerApiCallsRecording({
      'GET /advertisers/coupons': {
        body: listBody(
          [
            aCoupon({
              assignments: [
                { id: 'a1', target_type: 'leaderboard', target_id: 'top-5', target_label: 'Top 5 this week' },
              ],
            }),
            aCoupon({ id: 'c2', title: 'Old deal', status: 'expired', value: 5, value_unit: 'usd' }),
          ],
          [
            {
              id: 'r1',
              coupon_id: 'c1',
              coupon_title: 'Launch week',
              user_name: 'Ada',
              reward_value: 10,
              reward_unit: 'percentage',
              source: 'manual',
              redeemed_at: '2026-11-25T10:00:00.000Z',
            },
          ],
        ),
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/coupons', user: advertiser() });
    const list = await screen.findByRole('list', { name: 'Coupons' });
    const cards = within(list).getAllByRole('heading', { level: 2 });
    expect(cards.map((heading) => heading.textContent?.trim())).toEqual(['Launch week active', 'Old deal expired']);
    expect(within(list).getByText(/10% off · coupon · 8 of 10 left · 2026-11-20 to 2026-12-21/)).toBeInTheDocument();
    expect(within(list).getByRole('list', { name: 'Launch week assignments' })).toHaveTextContent(
      'Leaderboard: Top 5 this week',
    );
    // An expired coupon cannot be redeemed.
    expect(
      within(screen.getByRole('form', { name: 'Redeem Old deal' })).getByRole('button', { name: 'Redeem' }),
    ).toBeDisabled();
    const redemptions = screen.getByRole('table', { name: 'Redemptions' });
    expect(within(redemptions).getByRole('row', { name: /Ada/ })).toHaveTextContent('Launch week');
  });

  it('creates a coupon with the spec defaults and refuses an empty title', async () => {
    let created = false;
    const calls = answerApiCallsRecording({
      'GET /advertisers/coupons': () => ({
        body: listBody(created ? [aCoupon({ title: 'Holiday', quantity_remaining: 10 })] : []),
      }),
      'POST /advertisers/coupons': () => {
        created = true;
        return {
          status: 201,
          body: { status: 'success', message: 'Coupon created', data: { coupon: aCoupon({ title: 'Holiday' }) } },
        };
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/coupons', user: advertiser() });
    expect(await screen.findByRole('region', { name: 'No coupons yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New coupon' }));
    const form = screen.getByRole('form', { name: 'New coupon' });
    expect(within(form).getByLabelText('Value')).toHaveValue('10');
    expect(within(form).getByLabelText('Quantity')).toHaveValue('10');
    expect(within(form).getByLabelText('Unit')).toHaveValue('percentage');
    await userEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(sent(calls, 'POST /advertisers/coupons')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/Title/), 'Holiday');
    await userEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByRole('heading', { name: /Holiday/ })).toBeInTheDocument();
    const [post] = sent(calls, 'POST /advertisers/coupons');
    expect(post.body).toMatchObject({
      title: 'Holiday',
      reward_type: 'coupon',
      value: '10',
      value_unit: 'percentage',
      quantity_total: '10',
    });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
  });

  it('assigns to one of my drops (asking to select one first) and to a leaderboard band', async () => {
    // The drops list answers my drops only (creator_id).
    const calls = answerApiCallsRecording({
      'GET /advertisers/coupons': { body: listBody([aCoupon()]) },
      'GET /api/drops': (url) => ({ body: url.searchParams.get('creator_id') === 'adv-1' ? [aDrop] : [] }),
      'POST /advertisers/coupons/c1/assign': {
        body: { status: 'success', message: 'ok', data: { coupon: aCoupon() } },
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/coupons', user: advertiser() });
    const group = await screen.findByRole('group', { name: 'Assign Launch week' });
    await userEvent.click(within(group).getByRole('button', { name: 'Attach' }));
    expect(within(group).getByRole('alert')).toHaveTextContent('Select a drop first.');
    const dropSelect = within(group).getByLabelText('Drop');
    await waitFor(() => expect(within(dropSelect).getByRole('option', { name: 'Our proof drop' })).toBeInTheDocument());
    await userEvent.selectOptions(dropSelect, 'd1');
    await userEvent.click(within(group).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(sent(calls, 'POST /advertisers/coupons/c1/assign')).toHaveLength(1));
    expect(sent(calls, 'POST /advertisers/coupons/c1/assign')[0].body).toEqual({
      target_type: 'drop',
      target_id: 'd1',
    });

    await userEvent.selectOptions(within(group).getByLabelText('Assign to'), 'leaderboard');
    await userEvent.selectOptions(within(group).getByLabelText('Band'), 'top-10');
    await userEvent.click(within(group).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(sent(calls, 'POST /advertisers/coupons/c1/assign')).toHaveLength(2));
    expect(sent(calls, 'POST /advertisers/coupons/c1/assign')[1].body).toEqual({
      target_type: 'leaderboard',
      target_id: 'top-10',
    });
  });

  it('redeems for a named recipient, and shows the failure message', async () => {
    const calls = answerApiCallsRecording({
      'GET /advertisers/coupons': { body: listBody([aCoupon()]) },
      'POST /advertisers/coupons/c1/redeem': {
        status: 409,
        body: { error: 'This coupon has no redemptions left', code: 'COUPON_EXHAUSTED' },
      },
    });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/coupons', user: advertiser() });
    const form = await screen.findByRole('form', { name: 'Redeem Launch week' });
    await userEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Recipient name is required');
    await userEvent.type(within(form).getByLabelText('Recipient name'), 'Grace');
    await userEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This coupon has no redemptions left');
    expect(sent(calls, 'POST /advertisers/coupons/c1/redeem')[0].body).toEqual({ user_name: 'Grace' });
  });

  it('shows the load failure with Try again', async () => {
    answerApiCallsRecording({ 'GET /advertisers/coupons': { status: 500, body: { error: 'Database down' } } });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/coupons', user: advertiser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load coupons: Database down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
