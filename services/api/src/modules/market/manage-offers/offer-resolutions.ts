import { Injectable, Logger } from '@nestjs/common';
import { MARKET_MESSAGES } from '@app/contracts/market';
import { notFound } from '../../../platform/http/api-error';
import { newTransactionId } from '../../ledger';
import type { OfferOutcome } from '../domain/market';
import { MarketCommands } from '../infrastructure/market-commands';
import { MarketReader } from '../infrastructure/market-reader';

export const OFFER_EXPIRY_JOB = 'market.expire-offers';

/** Accepting and closing offers (HTTP and the expiry job): each decided on the item's market stream, once. */
@Injectable()
export class OfferResolutions {
  private readonly logger = new Logger('MarketOffers');

  constructor(
    private readonly commands: MarketCommands,
    private readonly reader: MarketReader,
  ) {}

  async accept(offerId: string, callerId: string): Promise<void> {
    const row = await this.reader.offer(offerId);
    if (!row) throw notFound('OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    await this.commands.run({
      contentId: row.content_id,
      prepare: async () => ({
        command: { type: 'AcceptOffer', data: { contentId: row.content_id, callerId, offerId, transactionId, now } },
        context: { contentId: row.content_id, contentTitle: row.content_title, contentThumbnail: null, message: null },
      }),
      answer: () => null,
    });
  }

  /** `at` is the job's clock for an expiry (the decider refuses one before the offer's deadline). */
  async close(offerId: string, callerId: string | null, outcome: OfferOutcome, at = new Date()): Promise<void> {
    const row = await this.reader.offer(offerId);
    if (!row) throw notFound('OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    const transactionId = newTransactionId();
    const now = at.toISOString();
    await this.commands.run({
      contentId: row.content_id,
      prepare: async () => ({
        command: {
          type: 'CloseOffer',
          data: { contentId: row.content_id, callerId, offerId, outcome, transactionId, now },
        },
        context: { contentId: row.content_id, contentTitle: row.content_title, contentThumbnail: null, message: null },
      }),
      answer: () => null,
    });
  }

  /** The expiry job: every pending offer past its deadline returns its bid (a retried run finds it closed). */
  async expireDue(now = new Date()): Promise<number> {
    const { rows } = await this.reader.pool.query<{ offer_id: string }>(
      `SELECT offer_id FROM market_offers WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT 500`,
      [now.toISOString()],
    );
    let expired = 0;
    for (const row of rows) {
      try {
        await this.close(row.offer_id, null, 'expired', now);
        expired += 1;
      } catch (error) {
        // One offer that fails (already closed meanwhile) must not hold back the rest; the next run retries.
        this.logger.warn(`Offer ${row.offer_id} not expired: ${(error as Error).message}`);
      }
    }
    return expired;
  }
}
