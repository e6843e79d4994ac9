import request from 'supertest';
import { processesOnOneDatabase } from './support/test-app';

jest.setTimeout(60_000);

/** Two real applications on one database, as `PROCESS_ROLE=http` and `PROCESS_ROLE=worker` processes would run. */
describe('process roles', () => {
  let processes: Awaited<ReturnType<typeof processesOnOneDatabase>>;
  const start = (role: 'http' | 'worker') =>
    processes.start(role, (config) => void (config.projections.pollIntervalMs = 50));
  const checkpoints = async () => {
    const rows = await processes.database.query<{ name: string; position: string }>(
      'SELECT name, position::text FROM projection_checkpoints ORDER BY name',
    );
    const head = await processes.database.query<{ head: string }>(
      'SELECT coalesce(max(position), 0)::text AS head FROM events',
    );
    return {
      positions: new Map(rows.rows.map((row) => [row.name, BigInt(row.position)])),
      head: BigInt(head.rows[0].head),
    };
  };

  beforeAll(async () => {
    processes = await processesOnOneDatabase('api_roles');
  });
  afterAll(() => processes.close());

  it('an http process serves and appends but never projects; a worker process projects what it wrote', async () => {
    const http = await start('http');
    const signup = await request(http.getHttpServer())
      .post('/api/auth/signup')
      .send({ email: 'roles@example.com', password: 'correct horse battery', username: 'roles_user' })
      .expect(201);
    expect(signup.body.token).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await checkpoints();
    expect(before.head).toBeGreaterThan(0n);
    expect([...before.positions.values()].every((position) => position === 0n)).toBe(true);
    const health = await request(http.getHttpServer()).get('/api/health').expect(200);
    const items = health.body.projections.items as { status: string; lagEvents: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.status === 'standby' && item.lagEvents > 0)).toBe(true);

    await start('worker');
    const deadline = Date.now() + 20_000;
    let after = await checkpoints();
    while ([...after.positions.values()].some((position) => position < after.head) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await checkpoints();
    }
    expect([...after.positions.values()].every((position) => position >= after.head)).toBe(true);
    // The http process reads what the worker projected.
    const me = await request(http.getHttpServer())
      .get('/api/users/me')
      .set('authorization', `Bearer ${signup.body.token}`)
      .expect(200);
    expect(me.body).toMatchObject({ username: 'roles_user', points_balance: 25, keys_balance: 1 });
  });
});
