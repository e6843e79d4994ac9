import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAccount } from '../../../testing/render-account';
import AdminPage from './admin-page';

const asAdmin = (section: string) => ({ user: { is_admin: true }, route: `/admin?section=${section}`, path: '/admin' });

/** The files the console hands to the browser: URL.createObjectURL is where a download's Blob goes. */
function captureDownloads() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (files.push(blob), `blob:${files.length}`),
    revokeObjectURL: () => undefined,
  });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { files, clicked };
}

const report = {
  ok: false,
  events_checked: 120,
  streams_checked: 9,
  transactions_checked: 40,
  currencies: { points: { user_total: '250', system_total: '-250', sum: '0' } },
  issuance: [],
  findings: [
    {
      check: 'negative_balance',
      message: 'User 5b1c2d3e-aaaa points available went below zero at position 17',
      stream_id: 'ledger-account-5b1c2d3e-aaaa',
    },
    { check: 'zero_sum', message: 'gems: accounts sum to 1, not 0', stream_id: null },
  ],
};

function projection(overrides: Record<string, unknown> = {}) {
  return {
    name: 'ledger_balances',
    version: 1,
    status: 'live',
    checkpoint: { transactionId: '10', position: '120' },
    lagEvents: 0,
    lastRebuild: null,
    ...overrides,
  };
}

describe('/admin, the ops console', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a 403 screen to a signed-in non-administrator and asks the API nothing', async () => {
    const api = installFakeApi();
    renderAccount(<AdminPage />, { route: '/admin', path: '/admin' });
    expect(screen.getByRole('heading', { name: '403: administrators only' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('verifies the ledger as a background run with live progress, then lists the findings, each linked to its stream', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const run = (overrides: Record<string, unknown>) => ({
      id: '7',
      status: 'running',
      events_checked: 0,
      events_total: 120,
      streams_checked: 0,
      started_at: '2026-11-27T10:00:00.000Z',
      finished_at: null,
      error: null,
      report: null,
      ...overrides,
    });
    // The server's answers to the polls, in order: the run moves on, then completes with the report.
    const polls = [run({ events_checked: 40, streams_checked: 3 }), run({ events_checked: 80, streams_checked: 6 })];
    let done = false;
    const api = installFakeApi()
      .on('POST /api/admin/ledger/verify-runs', { status: 202, body: run({}) })
      .on('GET /api/admin/ledger/verify-runs/7', () => ({
        body:
          polls.shift() ??
          (done
            ? run({
                status: 'completed',
                events_checked: 120,
                streams_checked: 9,
                finished_at: '2026-11-27T10:00:02.000Z',
                report,
              })
            : run({ events_checked: 80, streams_checked: 6 })),
      }))
      .on('GET /api/admin/ledger/export', { text: '{"transactionId":"t1"}\n' });
    renderAccount(<AdminPage />, asAdmin('ledger'));
    await user.click(screen.getByRole('button', { name: 'Run verification' }));
    expect(await screen.findByText('Verifying… 40 of 120 events checked, 3 streams')).toBeInTheDocument();
    expect(
      await screen.findByText('Verifying… 80 of 120 events checked, 6 streams', {}, { timeout: 3_000 }),
    ).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Verification running' });
    expect(bar).toHaveAttribute('value', '80');
    expect(bar).toHaveAttribute('max', '120');
    done = true;
    const findings = await screen.findByRole('list', { name: 'Findings' }, { timeout: 3_000 });
    expect(screen.getByText('120 of 120 events checked, 9 streams')).toBeInTheDocument();
    expect(screen.getByText('2 finding(s)')).toBeInTheDocument();
    const items = within(findings).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('negative_balance');
    expect(within(items[0]).getByRole('link', { name: 'Stream ledger-account-5b1c2d3e-aaaa' })).toHaveAttribute(
      'href',
      '/admin?section=ledger&stream=ledger-account-5b1c2d3e-aaaa',
    );
    // The second finding names no stream: no link, nothing to export.
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(items[0]).getByRole('button', { name: 'Export stream ledger-account-5b1c2d3e-aaaa' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(api.callsTo('GET /api/admin/ledger/export')[0].query.get('user_id')).toBe('5b1c2d3e-aaaa');
    expect(await readBlob(downloads.files[0])).toBe('{"transactionId":"t1"}\n');
    // Completed: the polling stops.
    const polled = api.callsTo('GET /api/admin/ledger/verify-runs/7').length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.callsTo('GET /api/admin/ledger/verify-runs/7')).toHaveLength(polled);
  });

  it("shows a finding's stream: its events a page at a time", async () => {
    const user = userEvent.setup();
    const event = (version: number) => ({
      version,
      type: 'LedgerTransactionPosted',
      position: String(100 + version),
      recorded_at: '2026-11-27T10:00:00.000Z',
      hash: 'ab',
      data: { transactionId: `t${version}` },
    });
    const api = installFakeApi().on('GET /api/admin/ledger/streams/ledger-account-u1', (call) =>
      call.query.get('from_version') === '1'
        ? { body: { stream_id: 'ledger-account-u1', events: [event(1), event(2)], next_from_version: 3 } }
        : { body: { stream_id: 'ledger-account-u1', events: [event(3)], next_from_version: null } },
    );
    renderAccount(<AdminPage />, {
      user: { is_admin: true },
      route: '/admin?section=ledger&stream=ledger-account-u1',
      path: '/admin',
    });
    const table = await screen.findByRole('table', { name: 'Stream events' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText(/"transactionId": "t2"/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/"transactionId": "t3"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(
      api.callsTo('GET /api/admin/ledger/streams/ledger-account-u1').map((call) => call.query.get('from_version')),
    ).toEqual(['1', '3']);
    expect(screen.getByRole('link', { name: 'Back to the console' })).toHaveAttribute('href', '/admin?section=ledger');
  });

  it('exports with filters as the server wrote the file, and shows the server refusing a bad range', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const api = installFakeApi().on('GET /api/admin/ledger/export', (call) =>
      call.query.get('to') === '2020-01-01T00:00:00.000Z'
        ? {
            status: 400,
            body: {
              error: 'from must be before to',
              code: 'VALIDATION_ERROR',
              field_errors: [{ field: 'from', message: 'from must be before to' }],
            },
          }
        : { text: 'transaction_id,amount\nt1,1.10\n' },
    );
    renderAccount(<AdminPage />, asAdmin('ledger'));
    const form = screen.getByRole('form', { name: 'Export the ledger' });
    await user.type(within(form).getByLabelText('User id (optional)'), 'user-42');
    // datetime-local inputs take a whole value at once (typed characters one by one are not a valid value yet).
    fireEvent.change(within(form).getByLabelText('From (optional)'), { target: { value: '2026-11-01T00:00' } });
    await user.selectOptions(within(form).getByLabelText('Format'), 'csv');
    await user.click(within(form).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    const call = api.callsTo('GET /api/admin/ledger/export')[0];
    expect(Object.fromEntries(call.query)).toEqual({
      format: 'csv',
      user_id: 'user-42',
      from: new Date('2026-11-01T00:00').toISOString(),
    });
    expect(await readBlob(downloads.files[0])).toBe('transaction_id,amount\nt1,1.10\n');
    expect(downloads.files[0].type).toBe('text/csv');

    fireEvent.change(within(form).getByLabelText('To (optional)'), {
      target: { value: toLocalInput(new Date('2020-01-01T00:00:00.000Z')) },
    });
    await user.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await within(form).findByText('from must be before to')).toBeInTheDocument();
    expect(downloads.files).toHaveLength(1);
  });

  it('rebuilds a projection and follows its progress until the swap', async () => {
    const user = userEvent.setup();
    let polls = 0;
    let started = false;
    const api = installFakeApi()
      .on('GET /api/admin/projections', () => {
        if (!started)
          return {
            body: { items: [projection(), projection({ name: 'leaderboard', lagEvents: 3, status: 'catching_up' })] },
          };
        polls += 1;
        const done = polls >= 3;
        const rebuild = {
          id: '1',
          status: done ? 'completed' : 'running',
          eventsDone: done ? 120 : 40 * polls,
          eventsTotal: 120,
          eventsPerSecond: 80,
          startedAt: '2026-11-25T09:00:00.000Z',
          finishedAt: done ? '2026-11-25T09:00:02.000Z' : null,
          error: null,
        };
        return {
          body: {
            items: [
              projection({ status: done ? 'live' : 'rebuilding', lastRebuild: rebuild }),
              projection({ name: 'leaderboard', lagEvents: 3, status: 'catching_up' }),
            ],
          },
        };
      })
      .on('POST /api/admin/projections/ledger_balances/rebuild', () => {
        started = true;
        return { status: 202, body: { name: 'ledger_balances', started: true } };
      });
    renderAccount(<AdminPage />, asAdmin('projections'));
    const row = await screen.findByRole('row', { name: 'ledger_balances' });
    expect(within(screen.getByRole('row', { name: 'leaderboard' })).getByText('catching_up')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Rebuild ledger_balances' }));
    const progress = await screen.findByRole('progressbar', { name: 'Rebuild progress' });
    expect(progress).toHaveAttribute('max', '120');
    expect(
      within(screen.getByRole('row', { name: 'ledger_balances' })).getByRole('button', {
        name: 'Rebuild ledger_balances',
      }),
    ).toBeDisabled();
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('row', { name: 'ledger_balances' })).getByText(/Rebuilt .* \(120 events\)/),
        ).toBeInTheDocument(),
      { timeout: 6_000 },
    );
    expect(api.callsTo('POST /api/admin/projections/ledger_balances/rebuild')).toHaveLength(1);
    expect(polls).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('retries a failed job and links the queue board', async () => {
    const user = userEvent.setup();
    let failed = [
      {
        id: 'payouts.send.7',
        name: 'payouts.send',
        payload: { withdrawalId: 'w7' },
        attemptsMade: 5,
        failedReason: 'provider timeout',
        failedAt: '2026-11-25T08:00:00.000Z',
      },
    ];
    const api = installFakeApi()
      .on('GET /api/admin/jobs/failed', () => ({ body: { items: failed } }))
      .on('POST /api/admin/jobs/failed/payouts.send.7/retry', () => {
        failed = [];
        return { status: 202 };
      });
    renderAccount(<AdminPage />, asAdmin('jobs'));
    const job = await screen.findByRole('listitem', { name: 'Failed job payouts.send.7' });
    expect(job).toHaveTextContent('5 attempt(s)');
    expect(job).toHaveTextContent('provider timeout');
    expect(screen.getByRole('link', { name: 'Open the queue board' })).toHaveAttribute('href', '/api/admin/queues');
    await user.click(within(job).getByRole('button', { name: 'Retry payouts.send.7' }));
    expect(await screen.findByRole('heading', { name: 'No failed jobs' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/jobs/failed/payouts.send.7/retry')).toHaveLength(1);
  });

  it('verifies pending Instagram accounts and influence follower counts through the admin API', async () => {
    const user = userEvent.setup();
    let instagram = [
      {
        user_id: 'u1',
        instagram_username: 'ada.lovelace',
        registered_at: '2026-11-20T10:00:00.000Z',
        verified_at: null,
        rejected_at: null,
        rejection_reason: null,
      },
    ];
    const influence = [
      {
        user_id: 'u2',
        month: '2026-11',
        platform: 'tiktok',
        platform_username: 'bob',
        follower_count: 12_000,
        registered_at: '2026-11-21T10:00:00.000Z',
        verified_follower_count: null,
        verified_by: null,
        verified_at: null,
        rejected_at: null,
        rejection_reason: null,
      },
    ];
    const api = installFakeApi()
      .on('GET /api/admin/instagram-verifications', () => ({ body: instagram }))
      .on('GET /api/admin/influence-verifications', { body: influence })
      .on('POST /api/admin/users/u1/verify-instagram', () => {
        instagram = [];
        return { body: {} };
      })
      .on('POST /api/admin/users/u2/verify-influence', (call) =>
        (call.body as { verified_follower_count: string }).verified_follower_count === '-5'
          ? { status: 400, body: { error: 'verified_follower_count must not be negative', code: 'VALIDATION_ERROR' } }
          : { body: {} },
      );
    renderAccount(<AdminPage />, asAdmin('verifications'));
    await user.click(await screen.findByRole('button', { name: 'Verify @ada.lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to verify' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u1/verify-instagram')[0].body).toEqual({
      instagram_username: 'ada.lovelace',
    });

    const claim = screen.getByRole('listitem', { name: 'tiktok bob' });
    await user.click(within(claim).getByRole('button', { name: 'Record' }));
    expect(within(claim).getByText('Enter the follower count you saw on the platform')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u2/verify-influence')).toHaveLength(0);
    await user.type(within(claim).getByLabelText('Followers seen'), '-5');
    await user.click(within(claim).getByRole('button', { name: 'Record' }));
    expect(await within(claim).findByText('verified_follower_count must not be negative')).toBeInTheDocument();
    await user.clear(within(claim).getByLabelText('Followers seen'));
    await user.type(within(claim).getByLabelText('Followers seen'), '11500');
    await user.click(within(claim).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/users/u2/verify-influence')).toHaveLength(2));
    expect(api.callsTo('POST /api/admin/users/u2/verify-influence')[1].body).toEqual({
      verified_follower_count: '11500',
      platform_username: 'bob',
    });
  });

  it('lists pending Social Shield claims and approves or rejects each with a reason through the admin API', async () => {
    const user = userEvent.setup();
    const claim = (id: string, overrides: Record<string, unknown> = {}) => ({
      id,
      subscription_id: 'sub-1',
      user_id: `user-${id}`,
      incident_type: 'platformBan',
      occurred_at: '2026-11-25T10:00:00.000Z',
      description: 'My account was taken over by someone else',
      evidence_url: 'https://example.com/evidence',
      payout_amount: 4500,
      status: 'pending',
      filed_at: '2026-11-26T10:00:00.000Z',
      decided_at: null,
      decision_reason: null,
      ...overrides,
    });
    let pending = [claim('c1'), claim('c2')];
    const api = installFakeApi()
      .on('GET /api/admin/growth/shield/claims', () => ({ body: pending }))
      .on('POST /api/admin/growth/shield/claims/c1/decision', (call) => {
        pending = pending.filter((entry) => entry.id !== 'c1');
        return {
          body: {
            success: true,
            claim: claim('c1', {
              status: (call.body as { decision: string }).decision === 'approve' ? 'approved' : 'rejected',
            }),
            transaction_id: 'tx-1',
          },
        };
      })
      .on('POST /api/admin/growth/shield/claims/c2/decision', {
        status: 409,
        body: { error: 'This claim has already been decided', code: 'CLAIM_ALREADY_DECIDED' },
      });
    renderAccount(<AdminPage />, asAdmin('shield-claims'));
    const list = await screen.findByRole('list', { name: 'Pending shield claims' });
    const first = within(list).getByRole('listitem', { name: 'Claim c1' });
    expect(first).toHaveTextContent('Pays 4,500 gems if approved');
    expect(within(first).getByRole('link', { name: 'https://example.com/evidence' })).toHaveAttribute(
      'href',
      'https://example.com/evidence',
    );
    await user.type(within(first).getByLabelText('Reason (optional)'), 'Evidence checked');
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Claim c1' })).not.toBeInTheDocument());
    const [decision] = api.callsTo('POST /api/admin/growth/shield/claims/c1/decision');
    expect(decision.body).toEqual({ decision: 'approve', reason: 'Evidence checked' });
    expect(decision.headers['Idempotency-Key']).toEqual(expect.any(String));
    // The server's refusal is shown as it said it; the claim stays listed.
    const second = within(list).getByRole('listitem', { name: 'Claim c2' });
    await user.click(within(second).getByRole('button', { name: 'Reject' }));
    expect(await within(second).findByText('This claim has already been decided')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/growth/shield/claims/c2/decision')[0].body).toEqual({ decision: 'reject' });
  });

  it('charts issuance per day and reason for the chosen currency, with the totals', async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('GET /api/admin/ledger/issuance', {
      body: {
        from: '2026-10-26T00:00:00.000Z',
        to: '2026-11-26T00:00:00.000Z',
        totals: [
          { reason_code: 'ACCOUNT_OPENING', currency: 'points', amount: 50, credits: 2, largest: 25, documented: true },
          {
            reason_code: 'REFERRAL_BONUS',
            currency: 'points',
            amount: 750,
            credits: 2,
            largest: 500,
            documented: true,
          },
          { reason_code: 'ACCOUNT_OPENING', currency: 'keys', amount: 2, credits: 2, largest: 1, documented: true },
        ],
        days: [
          { day: '2026-11-24', reason_code: 'ACCOUNT_OPENING', currency: 'points', amount: 25, credits: 1 },
          { day: '2026-11-25', reason_code: 'ACCOUNT_OPENING', currency: 'points', amount: 25, credits: 1 },
          { day: '2026-11-25', reason_code: 'REFERRAL_BONUS', currency: 'points', amount: 750, credits: 2 },
          { day: '2026-11-25', reason_code: 'ACCOUNT_OPENING', currency: 'keys', amount: 2, credits: 2 },
        ],
        top_receivers: [],
      },
    });
    renderAccount(<AdminPage />, asAdmin('issuance'));
    const chart = await screen.findByRole('img', { name: 'keys issued per day and reason' });
    expect(chart.querySelectorAll('rect')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Currency'), 'points');
    const points = screen.getByRole('img', { name: 'points issued per day and reason' });
    // Two days × two reasons; the tallest stack (2026-11-25) fills the chart's height.
    expect(points.querySelectorAll('rect')).toHaveLength(4);
    expect(
      within(screen.getByRole('list', { name: 'Reasons' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['ACCOUNT_OPENING', 'REFERRAL_BONUS']);
    expect(screen.getByRole('rowheader', { name: 'REFERRAL_BONUS' }).closest('tr')).toHaveTextContent(
      'REFERRAL_BONUSpoints7502500yes',
    );
    await user.selectOptions(screen.getByLabelText('Range'), '7');
    await waitFor(() => expect(api.callsTo('GET /api/admin/ledger/issuance')).toHaveLength(2));
    const [first, second] = api
      .callsTo('GET /api/admin/ledger/issuance')
      .map((call) => new Date(call.query.get('to')!).getTime() - new Date(call.query.get('from')!).getTime());
    expect([first, second]).toEqual([30 * 86_400_000, 7 * 86_400_000]);
  });
});

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A date as a `datetime-local` input holds it (the browser's time zone). */
function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
