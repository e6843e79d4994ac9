import type { WithdrawalEvent } from '@app/contracts/withdrawals';
import {
  evolveWithdrawal,
  initialWithdrawal,
  type WithdrawalCommand,
  type WithdrawalState,
} from '../../src/modules/withdrawals/domain/withdrawal';
import { DetailsCipher } from '../../src/modules/withdrawals/infrastructure/details-cipher';
import type { WithdrawalCommands } from '../../src/modules/withdrawals/infrastructure/withdrawal-commands';
import { PAYOUT_ATTEMPTS, PayoutReactor } from '../../src/modules/withdrawals/process-payouts/payout.reactor';
import type { PayoutProvider, PayoutRequest } from '../../src/modules/withdrawals';
import type { JobsService } from '../../src/platform/jobs/jobs.service';

/**
 * The payout job's policy around the rail (the rail and the withdrawal's commands are recorded here; the API tests
 * run the real ones): a transient failure retries, the last attempt fails the withdrawal so its hold is released,
 * a resolved withdrawal is never paid again, and the rail gets the decrypted details and the amount net of the fee.
 */
describe('payout job', () => {
  const cipher = new DetailsCipher(Buffer.alloc(32, 3));
  const requested: WithdrawalEvent = {
    type: 'WithdrawalRequested',
    data: {
      withdrawalId: 'w1',
      userId: 'u1',
      holdId: 'withdrawal-w1',
      amountMinor: '2000000',
      feeMinor: '50000',
      feePercentage: 2.5,
      method: 'paypal',
      encryptedDetails: cipher.encrypt({ email_address: 'ada@example.com' }, 'u1'),
      maskedDetails: { email_address: 'a***@example.com' },
      requestedAt: '2026-11-25T10:00:00.000Z',
    },
  };
  const pending = evolveWithdrawal(initialWithdrawal(), requested);

  function harness(
    state: WithdrawalState,
    pay: (request: PayoutRequest) => Promise<Awaited<ReturnType<PayoutProvider['pay']>>>,
  ) {
    const executed: WithdrawalCommand['type'][] = [];
    const paid: PayoutRequest[] = [];
    const commands = {
      load: async () => ({ streamId: 'withdrawal-w1', state, version: 1n }),
      execute: async (_id: string, command: WithdrawalCommand) => {
        executed.push(command.type);
        return { kind: 'recorded' as const, state };
      },
    } as unknown as WithdrawalCommands;
    const jobs = { registerReactor: () => undefined } as unknown as JobsService;
    const reactor = new PayoutReactor(jobs, commands, cipher, {
      name: 'recording',
      pay: async (request) => {
        paid.push(request);
        return pay(request);
      },
    });
    return { reactor, executed, paid };
  }

  it('pays the net amount to the decrypted details, then completes the withdrawal', async () => {
    const { reactor, executed, paid } = harness(pending, async () => ({ kind: 'paid', reference: 'po_1' }));
    await reactor.process('w1');
    expect(paid).toEqual([
      {
        withdrawalId: 'w1',
        method: 'paypal',
        currency: 'gems',
        netAmountMinor: 1_950_000n,
        details: { email_address: 'ada@example.com' },
      },
    ]);
    expect(executed).toEqual(['CompletePayout']);
  });

  it('retries a transient failure, and on the last attempt fails the withdrawal (its hold is released)', async () => {
    const { reactor, executed } = harness(pending, async () => {
      throw new Error('rail timeout');
    });
    await expect(reactor.process('w1', 1)).rejects.toThrow('rail timeout');
    await expect(reactor.process('w1', PAYOUT_ATTEMPTS - 1)).rejects.toThrow('rail timeout');
    expect(executed).toEqual([]);
    await reactor.process('w1', PAYOUT_ATTEMPTS);
    expect(executed).toEqual(['FailPayout']);
  });

  it('does nothing for a withdrawal already processed or failed', async () => {
    const processed = evolveWithdrawal(pending, {
      type: 'WithdrawalProcessed',
      data: {
        withdrawalId: 'w1',
        userId: 'u1',
        amountMinor: '2000000',
        payoutReference: 'po',
        transactionId: 't',
        processedAt: 'x',
      },
    });
    const { reactor, executed, paid } = harness(processed, async () => ({ kind: 'paid', reference: 'po_2' }));
    await reactor.process('w1');
    expect(paid).toEqual([]);
    expect(executed).toEqual([]);
  });
});
