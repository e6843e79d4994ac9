import { CommandBus } from '@nestjs/cqrs';
import type { UserTier } from '@app/contracts/identity';
import { parseDecimalToMinor, type Currency } from '@app/contracts/ledger';
import { ChangeUserTierCommand, ChangeUserTypeCommand, GrantAdminRoleCommand } from '../../src/modules/identity';
import { DropsModule, IdentityModule, LedgerModule, RewardsModule } from '../../src/modules/context-modules';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';

/** The whole application with identity, the ledger, rewards (master key) and drops on a fresh PostgreSQL database. */
export function startDropsApp(): Promise<IdentityTestApp> {
  return startAppWithModules('drops_api', [IdentityModule, LedgerModule, RewardsModule, DropsModule]);
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export type TestUser = Awaited<ReturnType<typeof signUp>>;

/** A signed-up user, optionally made an advertiser of a tier, as identity's own commands would do it. */
export async function givenUser(
  testApp: IdentityTestApp,
  options: { advertiser?: UserTier; admin?: boolean } = {},
): Promise<TestUser> {
  const user = await signUp(testApp);
  const commandBus = testApp.app.get(CommandBus);
  if (options.advertiser) {
    await commandBus.execute(new ChangeUserTypeCommand(user.user.id, 'advertiser'));
    await commandBus.execute(new ChangeUserTierCommand(user.user.id, options.advertiser));
  }
  if (options.admin) await commandBus.execute(new GrantAdminRoleCommand(user.user.id, 'drops test'));
  return user;
}

/** Money in from issuance through a real ledger transaction (amount as a decimal of the currency). */
export async function givenFunds(
  testApp: IdentityTestApp,
  userId: string,
  currency: Currency,
  amount: string,
): Promise<void> {
  const result = await testApp.app.get(CommandBus).execute(
    new RunLedgerCommand({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        // An operator's adjustment (no route posts it): test funding that no rule's bound applies to.
        reasonCode: 'ADJUSTMENT',
        description: 'Test funding',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(userId),
            currency,
            amountMinor: parseDecimalToMinor(amount, currency)!,
          },
        ],
        now: new Date().toISOString(),
      },
    }),
  );
  if (!result.ok) throw new Error(`Funding refused: ${result.refusal}`);
}

export async function balancesOf(testApp: IdentityTestApp, user: TestUser) {
  const response = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
  return response.body as { keys_balance: number; gems_balance: number; points_balance: number };
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const proofDrop = (overrides: Record<string, unknown> = {}) => ({
  title: 'Clip our launch video',
  description: 'Cut a 30 second clip of the launch',
  kind: 'proof',
  ...overrides,
});

export const paidDrop = (overrides: Record<string, unknown> = {}) => ({
  title: 'Review our headphones',
  description: 'Write an honest review',
  is_paid_drop: true,
  is_proof_drop: false,
  key_cost: 2,
  gem_reward_base: 50,
  gem_pool_total: 120,
  max_participants: 5,
  ...overrides,
});

/** The HTTP verbs of drops and applications, as a user (the app is read when called: it starts in `beforeAll`). */
export function dropVerbs(app: () => IdentityTestApp) {
  const createDrop = (user: TestUser, body: Record<string, unknown>) =>
    app().http().post('/api/drops').set(auth(user.token)).send(body);
  const apply = (user: TestUser, dropId: string, message = 'I would love to do this') =>
    app().http().post(`/api/drops/${dropId}/apply`).set(auth(user.token)).send({ application_message: message });
  const act = (user: TestUser, applicationId: string, action: string, body: Record<string, unknown> = {}) =>
    app().http().post(`/api/drop-applications/${applicationId}/${action}`).set(auth(user.token)).send(body);
  return { createDrop, apply, act };
}

/** Completes `count` proof drops for the user (created by a super advertiser) and activates today's Master Key. */
export async function completeProofDropsAndActivateMasterKey(
  testApp: IdentityTestApp,
  user: TestUser,
  count = 5,
): Promise<void> {
  const { createDrop, apply, act } = dropVerbs(() => testApp);
  const owner = await givenUser(testApp, { advertiser: 'super' });
  for (let index = 0; index < count; index += 1) {
    const drop = await createDrop(owner, proofDrop({ title: `Proof ${index}` })).expect(201);
    const application = await apply(user, drop.body.id).expect(201);
    await act(owner, application.body.id, 'approve').expect(200);
    await act(user, application.body.id, 'submit', { submission_type: 'text', submission_data: 'done' }).expect(200);
    await act(owner, application.body.id, 'complete', { review_score: 8 }).expect(200);
  }
  await waitFor(
    () => testApp.http().get('/api/users/master-key-status').set(auth(user.token)),
    (response) => response.body.proof_drops_completed >= count,
  );
  await testApp
    .http()
    .post('/api/users/activate-master-key')
    .set(auth(user.token))
    .send({})
    .expect((response) => expect(response.status).toBeLessThan(300));
}
