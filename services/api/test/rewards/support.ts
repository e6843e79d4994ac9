import { randomUUID } from 'node:crypto';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { GrantAdminRoleCommand, ChangeUserTierCommand } from '../../src/modules/identity';
import { CommandBus } from '@nestjs/cqrs';
import type { UserTier } from '@app/contracts/identity';
import { IdentityTestApp, signUp } from '../identity/support';
import { SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { LedgerExecutor } from '../../src/modules/ledger/infrastructure/ledger-executor';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Polls until `accept` holds (projections catch up asynchronously) or 10 s pass; returns the last value. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await probe();
    if (accept(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the drops context records when an application completes (the same event type and schema). */
export async function completeDropApplication(
  testApp: IdentityTestApp,
  userId: string,
  dropType: 'proof' | 'paid' | 'move',
  completedAt = new Date().toISOString(),
): Promise<string> {
  const applicationId = randomUUID();
  const dropId = randomUUID();
  await testApp.app.get<EventStore>(EVENT_STORE).append([
    {
      streamId: `test-drop-application-${applicationId}`,
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'DropApplicationCompleted',
          data: { applicationId, dropId, applicantUserId: userId, dropType, completedAt },
        },
      ],
    },
  ]);
  return applicationId;
}

export async function signUpWithTier(testApp: IdentityTestApp, tier: UserTier = 'free') {
  const user = await signUp(testApp);
  if (tier !== 'free') await testApp.app.get(CommandBus).execute(new ChangeUserTierCommand(user.user.id, tier));
  return user;
}

export async function signUpAdmin(testApp: IdentityTestApp) {
  const admin = await signUp(testApp);
  await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'tests'));
  return admin;
}

export async function pointsOf(testApp: IdentityTestApp, token: string): Promise<number> {
  const me = await testApp.http().get('/api/users/me').set(auth(token)).expect(200);
  return me.body.points_balance as number;
}

/** Issues currency to a user straight through the ledger (minor units), as a reward would. */
export async function grant(
  testApp: IdentityTestApp,
  userId: string,
  currency: 'points' | 'gems' | 'gold' | 'keys',
  amountMinor: bigint,
) {
  const outcome = await testApp.app.get(LedgerExecutor).execute({
    type: 'PostTransaction',
    data: {
      transactionId: newTransactionId(),
      reasonCode: 'ADJUSTMENT',
      description: 'Test funding',
      postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor }],
      now: new Date().toISOString(),
    },
  });
  if (outcome.kind !== 'accepted') throw new Error(`funding refused: ${outcome.refusal}`);
}

export async function balancesOf(testApp: IdentityTestApp, token: string) {
  const me = await testApp.http().get('/api/users/me').set(auth(token)).expect(200);
  return me.body as {
    points_balance: number;
    gems_balance: number;
    gold_collected: number;
    keys_balance: number;
    user_tier: string;
  };
}
