import { createUser, renderWithPlatform, answerApiCallsRecording, type RecordedCall } from '@app/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvestRoutes from '../../routes';
import { aContent, aForecast, aPrediction, aPredictionDetail } from '../../testing/forecast-fixtures';
import { toLocalDateTimeInput } from './create-forecast-dialog';

const withUsd = (usd: string) => createUser({ usd_balance: usd });
const posts = (calls: RecordedCall[], key: string) => calls.filter((call) => call.key === key);

describe('mf_invest: All Forecasts', () => {
  it('shows each forecast with its line, odds, pool in dollars and time left; Predict only while it takes predictions', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    answerApiCallsRecording({
      'GET /api/social-forecasts': {
        body: {
          forecasts: [
            aForecast({ id: 'f1', content_title: 'Sunset timelapse', pool_size: 250.5 }),
            aForecast({ id: 'f2', content_title: 'Street food', expires_at: past }),
            aForecast({
              id: 'f3',
              content_title: 'Drone reel',
              status: 'resolved',
              resolved_value: 1200,
              winning_side: 'over',
              expires_at: past,
            }),
          ],
        },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    const sunset = await screen.findByRole('article', { name: 'Forecast: Sunset timelapse' });
    expect(within(sunset).getByText('1,000')).toBeInTheDocument();
    expect(within(sunset).getByText('2.5x')).toBeInTheDocument();
    expect(within(sunset).getByText('$250.50')).toBeInTheDocument();
    expect(within(sunset).getByText('$100.00 on Over by Grace')).toBeInTheDocument();
    expect(within(sunset).getByText(/^3d [56]h left$/)).toBeInTheDocument();
    expect(within(sunset).getByRole('button', { name: 'Predict' })).toBeInTheDocument();
    // Active but past its expiry: no predict button (spec 2 §4).
    const street = screen.getByRole('article', { name: 'Forecast: Street food' });
    expect(within(street).getByText('Expired')).toBeInTheDocument();
    expect(within(street).queryByRole('button', { name: 'Predict' })).not.toBeInTheDocument();
    const drone = screen.getByRole('article', { name: 'Forecast: Drone reel' });
    expect(within(drone).getByText('1,200 views: Over won')).toBeInTheDocument();
    expect(within(drone).queryByRole('button', { name: 'Predict' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Forecasts', selected: true })).toBeInTheDocument();
  });

  it('shows an empty state, and Failed to load data with Try again on a server failure', async () => {
    let fail = true;
    answerApiCallsRecording({
      'GET /api/social-forecasts': () =>
        fail
          ? { status: 500, body: { error: 'Projection lagging', code: 'PROJECTION_LAG' } }
          : { body: { forecasts: [] } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/social-forecasts' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Projection lagging');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No forecasts yet' })).toBeInTheDocument();
  });

  it('never says a part of the hub is not open yet', async () => {
    answerApiCallsRecording({
      'GET /api/social-forecasts': { body: { forecasts: [] } },
      'GET /api/users/forecasts': { body: { predictions: [] } },
      'GET /api/users/created-forecasts': { body: { forecasts: [] } },
      'GET /api/portfolio/holdings': { body: { holdings: [] } },
      'GET /api/shares/listings': { body: { listings: [] } },
      'GET /api/shares/offers': { body: { offers: [] } },
      'GET /api/content': { body: { items: [], next_cursor: null } },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest' });
    for (const [tab, heading] of [
      ['All Forecasts', 'No forecasts yet'],
      ['My Predictions', 'You have made no predictions'],
      ['My Forecasts', 'You have created no forecasts'],
      ['Content Shares', 'You hold no shares yet'],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByText(/not (open|built) yet|coming soon/i)).not.toBeInTheDocument();
    }
  });
});

describe('mf_invest: Make Your Prediction', () => {
  it('refuses below $1 and above the USD balance without asking, then stakes a preset on a side once', async () => {
    const calls = answerApiCallsRecording({
      'GET /api/social-forecasts': {
        body: { forecasts: [aForecast({ id: 'f1', content_title: 'Sunset timelapse', odds: 2.5 })] },
      },
      'POST /api/social-forecasts/f1/predict': { status: 201, body: aPrediction({ prediction_side: 'under' }) },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest', user: withUsd('40') });
    await userEvent.click(await screen.findByRole('button', { name: 'Predict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Your Prediction' });
    expect(dialog).toHaveTextContent('You have $40.00');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await userEvent.type(amount, '0.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Prediction' }));
    expect(await within(dialog).findByText('Prediction amount must be at least 1')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Prediction' }));
    expect(await within(dialog).findByText('Insufficient USD balance')).toBeInTheDocument();
    expect(posts(calls, 'POST /api/social-forecasts/f1/predict')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: '$10' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Under' }));
    expect(within(dialog).getByText('$25.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Prediction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = posts(calls, 'POST /api/social-forecasts/f1/predict');
    expect(sent.map((call) => call.body)).toEqual([{ prediction_amount: '10', prediction_side: 'under' }]);
    expect(sent[0].headers['Idempotency-Key']).toMatch(/.+/);
    expect(await screen.findByText('Prediction placed')).toBeInTheDocument();
  });

  it("shows the server's refusal in the modal", async () => {
    answerApiCallsRecording({
      'GET /api/social-forecasts': { body: { forecasts: [aForecast({ id: 'f1' })] } },
      'POST /api/social-forecasts/f1/predict': {
        status: 409,
        body: { error: 'This forecast has expired and no longer takes predictions', code: 'FORECAST_EXPIRED' },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest', user: withUsd('40') });
    await userEvent.click(await screen.findByRole('button', { name: 'Predict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Your Prediction' });
    await userEvent.click(within(dialog).getByRole('button', { name: '$5' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Prediction' }));
    expect(
      await within(dialog).findByText('This forecast has expired and no longer takes predictions'),
    ).toBeInTheDocument();
  });
});

describe('mf_invest: Create Forecast', () => {
  it('stays disabled without URL, target and stake; fills the URL from the picked content; refuses a past expiry; sends the request', async () => {
    const calls = answerApiCallsRecording({
      'GET /api/social-forecasts': { body: { forecasts: [] } },
      'GET /api/content': {
        body: {
          items: [
            aContent({
              id: 'c7',
              title: 'Drone reel',
              platform: 'tiktok',
              platform_url: 'https://tiktok.com/@me/video/7',
            }),
          ],
          next_cursor: null,
        },
      },
      'POST /api/social-forecasts': (_url, body) => ({
        status: 201,
        body: aForecast({ id: 'f9', ...(body as object) }),
      }),
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest', user: withUsd('30') });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Forecast' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Forecast' });
    const submit = within(dialog).getByRole('button', { name: 'Create Forecast' });
    expect(submit).toBeDisabled();
    expect(calls.some((call) => call.key === 'GET /api/content')).toBe(true);

    await userEvent.selectOptions(
      within(dialog).getByLabelText('Content'),
      await within(dialog).findByRole('option', { name: 'Drone reel' }),
    );
    expect(within(dialog).getByLabelText('Content URL')).toHaveValue('https://tiktok.com/@me/video/7');
    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'likes');
    await userEvent.type(within(dialog).getByLabelText('Target'), '5000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Odds'), '3');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Under' }));
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your stake (USD)'), '40');
    expect(submit).toBeEnabled();
    expect(within(dialog).getByText('$120.00')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Insufficient USD balance')).toBeInTheDocument();

    const stake = within(dialog).getByLabelText('Your stake (USD)');
    await userEvent.clear(stake);
    await userEvent.type(stake, '12.5');
    fireEvent.change(within(dialog).getByLabelText('Expires at'), {
      target: { value: toLocalDateTimeInput(new Date(Date.now() - 60 * 60 * 1000)) },
    });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Expiry must be in the future')).toBeInTheDocument();
    expect(posts(calls, 'POST /api/social-forecasts')).toHaveLength(0);

    const expiry = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    fireEvent.change(within(dialog).getByLabelText('Expires at'), { target: { value: toLocalDateTimeInput(expiry) } });
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = posts(calls, 'POST /api/social-forecasts');
    expect(sent).toHaveLength(1);
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      content_id: 'c7',
      platform: 'tiktok',
      content_url: 'https://tiktok.com/@me/video/7',
      forecast_type: 'likes',
      target_value: 5000,
      odds: 3,
      initial_amount: '12.5',
      initial_side: 'under',
    });
    // The minute the user picked, in their time zone, as an instant.
    expect(new Date(body.expires_at as string).getTime()).toBe(new Date(toLocalDateTimeInput(expiry)).getTime());
    expect(sent[0].headers['Idempotency-Key']).toMatch(/.+/);
    expect(await screen.findByText('Forecast created')).toBeInTheDocument();
  });

  it('unpicks the content item when another URL is typed, so the forecast follows that URL', async () => {
    const calls = answerApiCallsRecording({
      'GET /api/social-forecasts': { body: { forecasts: [] } },
      'GET /api/content': {
        body: {
          items: [
            aContent({
              id: 'c7',
              title: 'Drone reel',
              platform: 'tiktok',
              platform_url: 'https://tiktok.com/@me/video/7',
            }),
          ],
          next_cursor: null,
        },
      },
      'POST /api/social-forecasts': { status: 201, body: aForecast({ id: 'f9', content_id: null }) },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest', user: withUsd('30') });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Forecast' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Forecast' });
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Content'),
      await within(dialog).findByRole('option', { name: 'Drone reel' }),
    );
    const url = within(dialog).getByLabelText('Content URL');
    await waitFor(() => expect(url).toHaveValue('https://tiktok.com/@me/video/7'));
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/post/2');
    expect(within(dialog).getByLabelText('Content')).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('Target'), '10');
    await userEvent.type(within(dialog).getByLabelText('Your stake (USD)'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forecast' }));
    await waitFor(() => expect(posts(calls, 'POST /api/social-forecasts')).toHaveLength(1));
    expect(posts(calls, 'POST /api/social-forecasts')[0].body).toMatchObject({
      content_id: null,
      platform: null,
      content_url: 'https://example.com/post/2',
    });
  });

  it("shows the server's message, else 'Failed to create forecast'", async () => {
    answerApiCallsRecording({
      'GET /api/social-forecasts': { body: { forecasts: [] } },
      'GET /api/content': { body: { items: [], next_cursor: null } },
      'POST /api/social-forecasts': { status: 503 },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest', user: withUsd('30') });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Forecast' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Forecast' });
    await userEvent.type(within(dialog).getByLabelText('Content URL'), 'https://example.com/post/1');
    await userEvent.type(within(dialog).getByLabelText('Target'), '10');
    await userEvent.type(within(dialog).getByLabelText('Your stake (USD)'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forecast' }));
    expect(await within(dialog).findByText('Failed to create forecast')).toBeInTheDocument();
  });
});

describe('mf_invest: My Predictions and My Forecasts', () => {
  it('lists my predictions with amounts, potential payout, Won or Lost once resolved, and a link to each', async () => {
    answerApiCallsRecording({
      'GET /api/users/forecasts': {
        body: {
          predictions: [
            aPrediction({ id: 'p1', content_title: 'Sunset timelapse', prediction_amount: 10, potential_payout: 25 }),
            aPrediction({
              id: 'p2',
              content_title: 'Street food',
              forecast_status: 'resolved',
              status: 'settled',
              result: 'won',
              actual_payout: 37.5,
              prediction_side: 'under',
            }),
            aPrediction({
              id: 'p3',
              content_title: 'Drone reel',
              forecast_status: 'resolved',
              status: 'settled',
              result: 'lost',
              actual_payout: 0,
            }),
            aPrediction({ id: 'p4', content_title: 'Cat video', forecast_status: 'expired' }),
          ],
        },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/predictions' });
    const table = await screen.findByRole('table', { name: 'My predictions' });
    const sunset = within(table).getByRole('row', { name: /Sunset timelapse/ });
    expect(within(sunset).getByRole('link', { name: 'Sunset timelapse' })).toHaveAttribute('href', '/predictions/p1');
    expect(within(sunset).getByText('$10.00')).toBeInTheDocument();
    expect(within(sunset).getByText('$25.00')).toBeInTheDocument();
    expect(within(sunset).getByText('Active')).toBeInTheDocument();
    const street = within(table).getByRole('row', { name: /Street food/ });
    expect(within(street).getByText('Won')).toBeInTheDocument();
    expect(within(street).getByText('$37.50')).toBeInTheDocument();
    expect(within(street).getByText('Under')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Drone reel/ })).getByText('Lost')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Cat video/ })).getByText('Awaiting result'),
    ).toBeInTheDocument();
  });

  it('lists the forecasts I created, and says so when there are none', async () => {
    let created = [aForecast({ id: 'f1', content_title: 'Sunset timelapse', participant_count: 3 })];
    answerApiCallsRecording({ 'GET /api/users/created-forecasts': () => ({ body: { forecasts: created } }) });
    const view = renderWithPlatform(<InvestRoutes />, { route: '/invest/my-forecasts' });
    const mine = await screen.findByRole('list', { name: 'My forecasts' });
    expect(within(mine).getByRole('article', { name: 'Forecast: Sunset timelapse' })).toHaveTextContent(
      '3 (2 over, 1 under)',
    );
    view.unmount();
    created = [];
    renderWithPlatform(<InvestRoutes />, { route: '/invest/my-forecasts' });
    expect(await screen.findByRole('heading', { name: 'You have created no forecasts' })).toBeInTheDocument();
  });

  it('says "Pending review" for an expired forecast on an external URL until an administrator records its metric', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    answerApiCallsRecording({
      'GET /api/users/created-forecasts': {
        body: {
          forecasts: [
            aForecast({
              id: 'f1',
              content_id: null,
              content_title: 'External clip',
              status: 'expired',
              expires_at: past,
            }),
            aForecast({ id: 'f2', content_title: 'Sunset timelapse', status: 'expired', expires_at: past }),
          ],
        },
      },
    });
    renderWithPlatform(<InvestRoutes />, { route: '/invest/my-forecasts' });
    const mine = await screen.findByRole('list', { name: 'My forecasts' });
    expect(within(mine).getByRole('article', { name: 'Forecast: External clip' })).toHaveTextContent('Pending review');
    // On-platform content is observed by the platform itself: it only waits for the next sweep.
    expect(within(mine).getByRole('article', { name: 'Forecast: Sunset timelapse' })).not.toHaveTextContent(
      'Pending review',
    );
  });
});

describe('mf_invest: prediction detail', () => {
  it('shows the prediction, the forecast, the trajectory chart of real observations and the participants', async () => {
    answerApiCallsRecording({ 'GET /api/portfolio/predictions/p1': { body: aPredictionDetail() } });
    renderWithPlatform(<InvestRoutes />, { route: '/predictions/p1' });
    expect(await screen.findByRole('heading', { name: 'Sunset timelapse' })).toBeInTheDocument();
    const chart = screen.getByRole('table', { name: 'Views: observed and expected' });
    expect(
      within(chart)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Label', 'Observed', 'Expected']);
    const day = within(chart).getByRole('rowheader', { name: '2026-11-26' }).closest('tr')!;
    expect(
      within(day)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['500', '400']);
    const participants = screen.getByRole('table', { name: 'Participants' });
    expect(within(within(participants).getByRole('row', { name: /grace/ })).getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
  });

  it("says 'Prediction not found.' for a 404 only", async () => {
    answerApiCallsRecording({
      'GET /api/portfolio/predictions/zz': {
        status: 404,
        body: { error: 'Prediction not found.', code: 'PREDICTION_NOT_FOUND' },
      },
      'GET /api/portfolio/predictions/p5': { status: 500, body: { error: 'Boom', code: 'INTERNAL' } },
    });
    const view = renderWithPlatform(<InvestRoutes />, { route: '/prediction/zz' });
    expect(await screen.findByRole('heading', { name: 'Prediction not found.' })).toBeInTheDocument();
    view.unmount();
    renderWithPlatform(<InvestRoutes />, { route: '/predictions/p5' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Boom');
    expect(screen.queryByRole('heading', { name: 'Prediction not found.' })).not.toBeInTheDocument();
  });
});
