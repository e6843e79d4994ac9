import type { IdentityTestApp } from '../identity/support';
import {
  DAY,
  auth,
  balancesOf,
  expectLedgerVerified,
  givenFunds,
  givenUser,
  jobsOf,
  later,
  startGrowthApp,
  waitFor,
} from './support';

jest.setTimeout(120_000);

const project = (overrides: Record<string, unknown> = {}) => ({
  title: 'Indie film',
  description: 'A short film about the sea',
  category: 'Film',
  funding_goal: 1000,
  min_pledge: '',
  duration_days: 30,
  reward_tiers: [
    { amount: 25, title: 'Thanks', description: 'Credits', estimatedDelivery: '2027-01' },
    { amount: 100, title: 'Poster', description: 'Signed poster', estimatedDelivery: '2027-02' },
  ],
  ...overrides,
});

/** Creator funding: validation, pledges held in escrow, and the deadline job settling all or nothing. */
describe('growth funding API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startGrowthApp();
  });
  afterAll(() => testApp.close());

  it('validates a project with the spec messages', async () => {
    const creator = await givenUser(testApp);
    const post = (body: Record<string, unknown>) =>
      testApp.http().post('/api/growth/funding/projects').set(auth(creator.token)).send(body);
    expect((await post(project({ title: '  ' })).expect(400)).body.error).toBe('Please fill in all required fields');
    expect((await post(project({ description: undefined })).expect(400)).body.error).toBe(
      'Please fill in all required fields',
    );
    expect((await post(project({ funding_goal: '' })).expect(400)).body.error).toBe(
      'Please fill in all required fields',
    );
    expect((await post(project({ funding_goal: 999 })).expect(400)).body.error).toBe(
      'Minimum funding goal is 1,000 gems',
    );
    expect((await post(project({ duration_days: 31 })).expect(400)).body.error).toBe(
      'Duration must be 30, 45, 60 or 90 days',
    );
    expect((await post(project({ reward_tiers: [] })).expect(400)).body.error).toBe('Add at least one reward tier');
    expect((await post(project({ reward_tiers: [{ amount: 0, title: 'x' }] })).expect(400)).body.error).toBe(
      'Tier amount must be at least 1',
    );
    expect((await post(project({ category: 'Crypto' })).expect(400)).body.field_errors[0].field).toBe('category');
    const created = await post(project()).expect(201);
    expect(created.body.project).toMatchObject({
      title: 'Indie film',
      target_amount: 1000,
      min_pledge: 25,
      amount_raised: 0,
      backer_count: 0,
      days_left: 30,
      status: 'active',
      category: 'Film',
    });
    expect(created.body.project.reward_tiers).toHaveLength(2);
  });

  it('holds pledges in escrow, refuses own project, small pledges and pledges after the deadline; a reached goal pays the creator', async () => {
    const creator = await givenUser(testApp);
    const backer = await givenUser(testApp);
    const second = await givenUser(testApp);
    await givenFunds(testApp, backer.user.id, 'gems', '700');
    await givenFunds(testApp, second.user.id, 'gems', '500');
    const created = await testApp
      .http()
      .post('/api/growth/funding/projects')
      .set(auth(creator.token))
      .send(project())
      .expect(201);
    const id = created.body.project.id;
    const pledge = (user: typeof backer, body: Record<string, unknown>) =>
      testApp.http().post(`/api/growth/funding/projects/${id}/pledge`).set(auth(user.token)).send(body);

    expect((await pledge(creator, { amount: 50 }).expect(403)).body.code).toBe('OWN_PROJECT');
    expect((await pledge(backer, { amount: 24 }).expect(422)).body.error).toBe(
      'The minimum pledge for this project is 25 gems',
    );
    expect((await pledge(backer, { amount: 50, reward_tier: 'tier-2' }).expect(422)).body.error).toBe(
      'This reward tier needs a pledge of at least 100 gems',
    );
    expect((await pledge(backer, { amount: 701 }).expect(422)).body.code).toBe('INSUFFICIENT_BALANCE');
    await testApp
      .http()
      .post('/api/growth/funding/projects/unknown/pledge')
      .set(auth(backer.token))
      .send({ amount: 30 })
      .expect(404);

    const first = await pledge(backer, { amount: 600, reward_tier: 'tier-2' }).expect(201);
    expect(first.body.pledge).toMatchObject({ amount: 600, reward_tier: 'tier-2', status: 'held' });
    expect(first.body.project).toMatchObject({ amount_raised: 600, backer_count: 1 });
    await pledge(second, { amount: 400 }).expect(201);
    expect((await balancesOf(testApp, backer)).gems_balance).toBe(100);
    const listed = await waitFor(
      () => testApp.http().get('/api/growth/funding/projects').set(auth(backer.token)),
      (response) => response.body.find((row: { id: string }) => row.id === id)?.amount_raised === 1000,
    );
    expect(listed.body.find((row: { id: string }) => row.id === id)).toMatchObject({
      amount_raised: 1000,
      backer_count: 2,
      featured: true,
    });
    const mine = await waitFor(
      () => testApp.http().get('/api/growth/funding/pledges').set(auth(backer.token)),
      (response) => response.body.length === 1,
    );
    expect(mine.body[0]).toMatchObject({ project_id: id, amount: 600, status: 'held' });

    const creatorBefore = (await balancesOf(testApp, creator)).gems_balance;
    expect(await jobsOf(testApp).settleProjects(later(29 * DAY))).toBe(0);
    await jobsOf(testApp).settleProjects(later(30 * DAY + 60_000));
    expect((await balancesOf(testApp, creator)).gems_balance).toBe(creatorBefore + 1000);
    expect(await jobsOf(testApp).settleProjects(later(31 * DAY))).toBe(0); // settled once
    expect((await balancesOf(testApp, creator)).gems_balance).toBe(creatorBefore + 1000);
    const settled = await waitFor(
      () => testApp.http().get('/api/growth/funding/projects').set(auth(backer.token)),
      (response) => response.body.find((row: { id: string }) => row.id === id)?.status === 'funded',
    );
    expect(settled.body.find((row: { id: string }) => row.id === id).status).toBe('funded');
    const paid = await waitFor(
      () => testApp.http().get('/api/growth/funding/pledges').set(auth(backer.token)),
      (response) => response.body[0]?.status === 'paid_to_creator',
    );
    expect(paid.body[0].status).toBe('paid_to_creator');
    expect((await pledge(second, { amount: 30 }).expect(409)).body.code).toBe('PROJECT_CLOSED');
  });

  it('returns every pledge to its backer when the goal is missed', async () => {
    const creator = await givenUser(testApp);
    const backer = await givenUser(testApp);
    await givenFunds(testApp, backer.user.id, 'gems', '300');
    const created = await testApp
      .http()
      .post('/api/growth/funding/projects')
      .set(auth(creator.token))
      .send(project({ funding_goal: 5000, duration_days: 45, min_pledge: 10 }))
      .expect(201);
    const id = created.body.project.id;
    await testApp
      .http()
      .post(`/api/growth/funding/projects/${id}/pledge`)
      .set(auth(backer.token))
      .send({ amount: 100 })
      .expect(201);
    await testApp
      .http()
      .post(`/api/growth/funding/projects/${id}/pledge`)
      .set(auth(backer.token))
      .send({ amount: 150.5 })
      .expect(201);
    expect((await balancesOf(testApp, backer)).gems_balance).toBe(49.5);
    const creatorBefore = (await balancesOf(testApp, creator)).gems_balance;
    await jobsOf(testApp).settleProjects(later(45 * DAY + 60_000));
    expect((await balancesOf(testApp, backer)).gems_balance).toBe(300);
    expect((await balancesOf(testApp, creator)).gems_balance).toBe(creatorBefore);
    const listed = await waitFor(
      () => testApp.http().get('/api/growth/funding/pledges').set(auth(backer.token)),
      (response) => response.body.every((row: { status: string }) => row.status === 'returned'),
    );
    expect(listed.body).toHaveLength(2);
    await expectLedgerVerified(testApp);
  });
});
