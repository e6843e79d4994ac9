import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { v5 as uuidv5 } from 'uuid';
import { WithdrawalRequestedSchema } from '@app/contracts/withdrawals';
import { JobsService } from '../../../platform/jobs/jobs.service';
import { WithdrawalCommands } from '../infrastructure/withdrawal-commands';
import { DetailsCipher } from '../infrastructure/details-cipher';
import { PAYOUT_PROVIDER, type PayoutProvider } from '../infrastructure/payout-provider.port';

export const PAYOUT_JOB = 'withdrawals.payout';
/** The job queue's default attempts: the last one resolves the withdrawal either way. */
export const PAYOUT_ATTEMPTS = 5;
const PayloadSchema = z.object({ withdrawalId: z.string() });
const NAMESPACE = 'c5b0d7f2-7d1e-4c61-9a3e-6b1f0e2d8a44';
export const payoutTransactionIdOf = (withdrawalId: string) => uuidv5(`withdrawal-payout:${withdrawalId}`, NAMESPACE);

/**
 * Processes every requested withdrawal: derived from `WithdrawalRequested` events (so a lost queue loses no
 * payout), pays through the `PayoutProvider` (keyed by the withdrawal: a rerun never pays twice), then commits the
 * hold (payout + fee) or, when the provider refuses, releases it. A transient failure retries; on the last attempt
 * the withdrawal fails and its gems are released, so no hold waits forever. Commit or release happens once: the
 * withdrawal stream accepts one resolution, and a rerun of a resolved withdrawal does nothing.
 */
@Injectable()
export class PayoutReactor {
  private readonly logger = new Logger('Payouts');

  constructor(
    jobs: JobsService,
    private readonly commands: WithdrawalCommands,
    private readonly cipher: DetailsCipher,
    @Inject(PAYOUT_PROVIDER) private readonly payouts: PayoutProvider,
  ) {
    jobs.registerReactor({
      name: 'withdrawal_payouts',
      eventTypes: ['WithdrawalRequested'],
      react: (event) => {
        const parsed = WithdrawalRequestedSchema.safeParse(event.data);
        return parsed.success
          ? [
              {
                jobName: PAYOUT_JOB,
                payload: { withdrawalId: parsed.data.withdrawalId },
                options: { attempts: PAYOUT_ATTEMPTS },
              },
            ]
          : [];
      },
      handlers: {
        [PAYOUT_JOB]: (payload, context) => this.process(PayloadSchema.parse(payload).withdrawalId, context.attempt),
      },
    });
  }

  async process(withdrawalId: string, attempt = 1): Promise<void> {
    const { state } = await this.commands.load(withdrawalId);
    if (state.status !== 'pending' || !state.requested) return;
    const requested = state.requested;
    const now = () => new Date().toISOString();
    let result;
    try {
      const details = this.cipher.decrypt<Record<string, string>>(requested.encryptedDetails, requested.userId);
      result = await this.payouts.pay({
        withdrawalId,
        method: requested.method,
        currency: requested.currency ?? 'gems',
        netAmountMinor: BigInt(requested.amountMinor) - BigInt(requested.feeMinor),
        details,
      });
    } catch (error) {
      if (attempt < PAYOUT_ATTEMPTS) throw error;
      this.logger.error(`Payout of withdrawal ${withdrawalId} failed ${attempt} times: ${(error as Error).message}`);
      result = {
        kind: 'refused' as const,
        reason:
          `The payout could not be completed; ` +
          `your ${requested.currency === 'usd' ? 'USD was' : 'gems were'} returned`,
      };
    }
    if (result.kind === 'paid') {
      await this.commands.execute(withdrawalId, {
        type: 'CompletePayout',
        data: { payoutReference: result.reference, transactionId: payoutTransactionIdOf(withdrawalId), now: now() },
      });
    } else {
      await this.commands.execute(withdrawalId, { type: 'FailPayout', data: { reason: result.reason, now: now() } });
    }
  }
}
