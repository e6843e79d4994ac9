import { CommandBus } from '@nestjs/cqrs';
import { IdentityModule, LedgerModule, NotificationsModule } from '../../src/modules/context-modules';
import { ChangeUserTypeCommand } from '../../src/modules/identity';
import { PaymentsModule } from '../../src/modules/payments/payments.module';
import { SubscriptionsModule } from '../../src/modules/subscriptions/subscriptions.module';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth } from '../payments/support';

export { auth };

/** Identity, the ledger, notifications, payments (local provider) and subscriptions on a fresh PostgreSQL database. */
export function startSubscriptionsApp(): Promise<IdentityTestApp> {
  return startAppWithModules('subscriptions', [
    IdentityModule,
    LedgerModule,
    NotificationsModule,
    PaymentsModule,
    SubscriptionsModule,
  ]);
}

export async function givenAdvertiser(testApp: IdentityTestApp) {
  const account = await signUp(testApp);
  await testApp.app.get(CommandBus).execute(new ChangeUserTypeCommand(account.user.id, 'advertiser'));
  return account;
}

export const payForm = { name: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

export async function me(
  testApp: IdentityTestApp,
  token: string,
): Promise<{ user_tier: string; moves_balance: number; user_type: string }> {
  return (await testApp.http().get('/api/users/me').set(auth(token)).expect(200)).body;
}

/** Polls until `accept` holds (30 s at most; a loaded machine delays jobs): reactions to a paid session run as jobs. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function notificationsWhen(
  testApp: IdentityTestApp,
  token: string,
  accept: (messages: string[]) => boolean,
): Promise<string[]> {
  return eventually(
    async () =>
      (
        (await testApp.http().get('/api/notifications').set(auth(token)).expect(200)).body.notifications as {
          message: string;
        }[]
      ).map((item) => item.message),
    accept,
  );
}
