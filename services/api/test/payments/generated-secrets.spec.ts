import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { IdentityModule, LedgerModule, PaymentsModule, WithdrawalsModule } from '../../src/modules/context-modules';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../src/modules/payments/config/payments-config';
import { signLocalPayload } from '../../src/modules/payments/infrastructure/providers/local-signature';
import { WITHDRAWALS_CONFIG, type WithdrawalsConfig } from '../../src/modules/withdrawals/config/withdrawals-config';
import { loadConfig } from '../../src/platform/config/app-config';
import { createApp } from '../../src/app.module';
import { signUp, type IdentityTestApp } from '../identity/support';
import { auth } from './support';

jest.setTimeout(120_000);

/**
 * The local provider's webhook key and the payment-details key are generated at the first start and kept in the
 * database: never derived from DATABASE_URL or a constant (issue 43: a webhook signed with such a key credited gems).
 */
describe('generated payment secrets (PostgreSQL)', () => {
  let database: TestDatabase;
  let dataDirectory: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    database = await createTestDatabase('secrets');
    dataDirectory = mkdtempSync(join(tmpdir(), 'secrets-'));
    // As a developer or the browser suite runs it: DATABASE_URL set, no key configured.
    process.env.DATABASE_URL = database.url;
    delete process.env.LOCAL_PAYMENTS_WEBHOOK_SECRET;
    delete process.env.PAYMENT_DETAILS_KEY;
  });
  afterAll(async () => {
    process.env = saved;
    await database.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  const start = async (): Promise<IdentityTestApp> => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDirectory,
    });
    const app: INestApplication = await createApp(config, {
      extraModules: [IdentityModule, LedgerModule, PaymentsModule, WithdrawalsModule],
    });
    return { app, http: () => request(app.getHttpServer()), dataDirectory, close: () => app.close() };
  };
  const keysOf = (testApp: IdentityTestApp) => ({
    webhook: testApp.app.get<PaymentsConfig>(PAYMENTS_CONFIG).local.webhookSecret,
    details: testApp.app.get<WithdrawalsConfig>(WITHDRAWALS_CONFIG).detailsKey?.toString('hex'),
  });
  const derivable = (purpose: string, from: string) => createHash('sha256').update(`${purpose}:${from}`).digest('hex');

  it('generates both keys once, stores them in the database, and reuses them after a restart', async () => {
    const first = await start();
    const keys = keysOf(first);
    await first.close();
    expect(keys.webhook).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.details).toMatch(/^[0-9a-f]{64}$/);
    for (const from of [database.url, 'embedded']) {
      expect(keys.webhook).not.toBe(derivable('local-payments', from));
      expect(keys.details).not.toBe(derivable('payment-details', from));
    }
    const rows = await database.query<{ name: string; secret: Buffer }>(
      'SELECT name, secret FROM platform_instance_secrets ORDER BY name',
    );
    expect(rows.rows.map((row) => [row.name, row.secret.toString('hex')])).toEqual([
      ['local-payments-webhook', keys.webhook],
      ['payment-details', keys.details],
    ]);

    const second = await start();
    try {
      expect(keysOf(second)).toEqual(keys);
    } finally {
      await second.close();
    }
    expect((await database.query('SELECT count(*)::int AS count FROM platform_instance_secrets')).rows[0]).toEqual({
      count: 2,
    });
  });

  it('refuses a webhook signed with the old derivable secret (400, nothing credited); the generated one pays', async () => {
    const testApp = await start();
    try {
      const buyer = await signUp(testApp);
      const checkout = (
        await testApp
          .http()
          .post('/api/payments/create-checkout-session')
          .set(auth(buyer.token))
          .send({ package_id: 'starter' })
          .expect(200)
      ).body;
      const raw = JSON.stringify({
        id: 'evt_forged',
        type: 'checkout.session.completed',
        data: { session_id: checkout.session_id, payment_reference: 'pay_forged', amount_cents: 1100 },
      });
      const post = (signature: string) =>
        testApp
          .http()
          .post('/api/payments/webhooks/local')
          .set('content-type', 'application/json')
          .set('x-local-signature', signature)
          .send(raw);
      for (const from of [database.url, 'embedded']) {
        const refused = await post(signLocalPayload(derivable('local-payments', from), raw)).expect(400);
        expect(refused.body.code).toBe('INVALID_WEBHOOK_SIGNATURE');
      }
      const me = async () =>
        (await testApp.http().get('/api/users/me').set(auth(buyer.token)).expect(200)).body as { gems_balance: number };
      expect((await me()).gems_balance).toBe(0);
      expect(
        (
          await testApp
            .http()
            .get(`/api/payments/checkout-sessions/${checkout.session_id}`)
            .set(auth(buyer.token))
            .expect(200)
        ).body,
      ).toMatchObject({ status: 'open', credited: false });
      // The same delivery signed with the generated key is the provider's own: it credits the package once.
      await post(signLocalPayload(keysOf(testApp).webhook, raw)).expect(200);
      expect((await me()).gems_balance).toBe(10);
    } finally {
      await testApp.close();
    }
  });
});
