import { createHash } from 'node:crypto';
import type { PayoutProvider, PayoutRequest, PayoutResult } from './payout-provider.port';

/**
 * The embedded payout rail (no account, no network), with test values like a provider's sandbox: a payout to an
 * e-mail at `refused.example` or to a wallet address ending in `DEAD` is refused (the withdrawal fails and its
 * gems are released); every other payout succeeds with a reference derived from the withdrawal, so a retried job
 * gets the same reference and nothing is paid twice.
 */
export class LocalPayoutProvider implements PayoutProvider {
  readonly name = 'local';
  private readonly paid = new Map<string, string>();

  async pay(request: PayoutRequest): Promise<PayoutResult> {
    const existing = this.paid.get(request.withdrawalId);
    if (existing) return { kind: 'paid', reference: existing };
    const email = request.details.email_address ?? '';
    const wallet = request.details.wallet_address ?? '';
    if (email.toLowerCase().endsWith('@refused.example'))
      return { kind: 'refused', reason: 'The payout provider refused the account' };
    if (wallet.toUpperCase().endsWith('DEAD'))
      return { kind: 'refused', reason: 'The payout provider refused the wallet address' };
    const reference = `po_${createHash('sha256').update(request.withdrawalId).digest('hex').slice(0, 24)}`;
    this.paid.set(request.withdrawalId, reference);
    return { kind: 'paid', reference };
  }
}
