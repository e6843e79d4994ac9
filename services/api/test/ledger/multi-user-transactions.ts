import { CommandBus } from '@nestjs/cqrs';
import type { ReasonCode } from '@app/contracts/ledger';
import { RunLedgerCommand, newTransactionId, type LedgerCommandResult, type Posting } from '../../src/modules/ledger';
import type { IdentityTestApp } from '../identity/support';
import { auth, eventually } from '../rewards/support';

/**
 * Posts one transaction through the ledger's public command (one identical copy lands in each involved user's
 * stream); fails the test when the ledger refuses it. Returns the transaction id.
 */
export async function postTransaction(
  testApp: IdentityTestApp,
  reasonCode: ReasonCode,
  postings: Posting[],
  description = 'test transaction',
): Promise<string> {
  const transactionId = newTransactionId();
  const result: LedgerCommandResult = await testApp.app.get(CommandBus).execute(
    new RunLedgerCommand({
      type: 'PostTransaction',
      data: { transactionId, reasonCode, description, postings, now: new Date().toISOString() },
    }),
  );
  if (!result.ok) throw new Error(`transaction refused: ${JSON.stringify(result)}`);
  return transactionId;
}

/** `referred` enters `referrer`'s code over HTTP: one REFERRAL_BONUS transaction paying both (+500 and +250 points). */
export async function applyReferral(
  testApp: IdentityTestApp,
  referred: { token: string },
  referrer: { user: { referral_code: string } },
): Promise<void> {
  const response = await eventually(
    () =>
      testApp
        .http()
        .post('/api/users/process-referral')
        .set(auth(referred.token))
        .send({ referral_code: referrer.user.referral_code }),
    (answer) => answer.status !== 404,
  );
  if (response.status !== 200) throw new Error(`referral refused: ${response.status} ${JSON.stringify(response.body)}`);
}
