import { CommandBus } from '@nestjs/cqrs';
import { IdentityModule, LedgerModule } from '../../src/modules/context-modules';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import { PaymentsModule } from '../../src/modules/payments/payments.module';
import { PaymentProviders } from '../../src/modules/payments';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Identity, the ledger and payments on a fresh PostgreSQL database; `environment` is read when payments starts. */
export async function startPaymentsApp(
  environment: Record<string, string> = {},
  extra: Parameters<typeof startAppWithModules>[1] = [],
): Promise<IdentityTestApp> {
  const saved = { ...process.env };
  Object.assign(process.env, environment);
  try {
    return await startAppWithModules('payments', [IdentityModule, LedgerModule, PaymentsModule, ...extra]);
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

export async function givenAdmin(testApp: IdentityTestApp) {
  const admin = await signUp(testApp);
  await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'payments test'));
  return admin;
}

export async function gemsOf(
  testApp: IdentityTestApp,
  token: string,
): Promise<{ gems_balance: number; usd_balance: number }> {
  return (await testApp.http().get('/api/users/me').set(auth(token)).expect(200)).body;
}

/** A webhook body as the local provider sends it, and its valid signature header. */
export function signedLocalWebhook(testApp: IdentityTestApp, body: unknown) {
  const raw = JSON.stringify(body);
  return { raw, signature: testApp.app.get(PaymentProviders).local.signatureFor(raw) };
}

export async function verifyLedger(testApp: IdentityTestApp, adminToken: string) {
  const report = (await testApp.http().get('/api/admin/ledger/verify').set(auth(adminToken)).expect(200)).body as {
    ok: boolean;
    findings: unknown[];
  };
  return report;
}

/**
 * `GET /api/users/transactions` until `accept` holds (10 s at most). The list is a projection: the route waits a
 * bounded time for the caller's own writes, and a job's writes (a payout, a webhook) are not the caller's.
 */
interface TransactionRow {
  id: string;
  transaction_type: string;
  amount: number;
  currency_type: string;
  status: string;
}
type TransactionsBody = { total: number; transactions: TransactionRow[] };

export async function transactionsWhen(
  testApp: IdentityTestApp,
  token: string,
  query: string,
  accept: (body: TransactionsBody) => boolean,
): Promise<TransactionsBody> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body = (await testApp.http().get(`/api/users/transactions?${query}`).set(auth(token)).expect(200))
      .body as TransactionsBody;
    if (accept(body) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
