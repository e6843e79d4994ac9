import fc from 'fast-check';
import { escrowAccount, userAccount } from '@app/contracts/ledger';
import {
  decideMarket,
  primaryAvailable,
  type ContentFacts,
  type MarketCommand,
} from '../../src/modules/market/domain/decide';
import { evolveMarket, initialMarket, type MarketState } from '../../src/modules/market/domain/market';

/**
 * Property: any sequence of primary buys, listings, listing fills and cancels, offers, accepts, declines, cancels and
 * expiries conserves shares and USD. The market's decider runs as the app runs it; its postings go through a model of
 * the ledger's rule (a user account never below zero: a movement it cannot cover is refused and nothing happens), so
 * the sequence is the one the app would commit. After every step: shares owned = primary shares sold ≤ what was for
 * sale, nobody owns or lists a negative amount, nobody lists more than they own; the USD of all accounts (users,
 * offer escrows, fees) is what was funded, no account is below zero, and each offer's escrow holds exactly its bid
 * while it is pending and nothing once it is closed.
 */
const USERS = ['creator', 'ann', 'bob', 'cat'] as const;
const NOW = '2026-11-27T10:00:00.000Z';
const LATER = '2026-12-27T10:00:00.000Z';
const EXPIRES = '2026-12-01T10:00:00.000Z';

type Step =
  | { kind: 'buy'; buyer: number; quantity: number }
  | { kind: 'list'; seller: number; quantity: number; askMinor: bigint }
  | { kind: 'cancelListing'; caller: number; listing: number }
  | { kind: 'fill'; buyer: number; listing: number; quantity: number }
  | { kind: 'offer'; buyer: number; seller: number; quantity: number; bidMinor: bigint }
  | { kind: 'accept'; caller: number; offer: number }
  | { kind: 'close'; caller: number; offer: number; outcome: 'declined' | 'cancelled' | 'expired' };

const user = fc.integer({ min: 0, max: USERS.length - 1 });
/** A holder: anyone but the creator (who holds nothing from primary sales). */
const holder = fc.integer({ min: 1, max: USERS.length - 1 });
// Mostly small (so sellers usually have them), sometimes 0 or more than anyone holds (refused).
const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 }) },
);
const priceMinor = fc.bigInt({ min: 1n, max: 50_000n }); // up to $5 a share (4 decimals)
const index = fc.nat({ max: 12 });
/** Who answers a listing or an offer: mostly the party allowed to (-1), sometimes anyone (then usually refused). */
const caller = fc.oneof({ weight: 4, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: user });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('buy' as const), buyer: user, quantity }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('list' as const), seller: holder, quantity, askMinor: priceMinor }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelListing' as const), caller, listing: index }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('fill' as const), buyer: user, listing: index, quantity }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      buyer: user,
      seller: holder,
      quantity,
      bidMinor: priceMinor,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('accept' as const), caller, offer: index }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      caller,
      offer: index,
      outcome: fc.constantFrom('declined' as const, 'cancelled' as const, 'expired' as const),
    }),
  },
);

/** Runs the steps, checking the invariants after each accepted one; `reached` collects the kinds accepted. */
function run(
  funding: readonly bigint[],
  totalShares: number,
  steps: readonly Step[],
  reached: Set<Step['kind']>,
): void {
  const contentId = 'content';
  const content: ContentFacts = {
    creatorId: 'creator',
    status: 'active',
    totalShares,
    engagementPool: Math.floor(totalShares / 5),
    fundingUsdMinor: 1_000n * BigInt(totalShares),
  };
  const balances = new Map<string, bigint>(USERS.map((name, position) => [userAccount(name), funding[position]!]));
  const funded = funding.reduce((sum, amount) => sum + amount, 0n);
  const listingIds: string[] = [];
  const offerIds: string[] = [];
  let state: MarketState = initialMarket();

  steps.forEach((current, position) => {
    const transactionId = `tx-${position}`;
    const listingAt = (slot: number) => listingIds[slot % Math.max(1, listingIds.length)] ?? 'listing-none';
    const offerAt = (slot: number) => offerIds[slot % Math.max(1, offerIds.length)] ?? 'offer-none';
    const party = (chosen: number, allowed: string | undefined) =>
      chosen === -1 ? (allowed ?? 'nobody') : USERS[chosen]!;
    let command: MarketCommand;
    switch (current.kind) {
      case 'buy':
        command = {
          type: 'BuyShares',
          data: {
            contentId,
            buyerId: USERS[current.buyer]!,
            content,
            quantity: current.quantity,
            transactionId,
            now: NOW,
          },
        };
        break;
      case 'list':
        command = {
          type: 'OpenListing',
          data: {
            sellerId: USERS[current.seller]!,
            listingId: `listing-${position}`,
            quantity: current.quantity,
            askMinor: current.askMinor,
            now: NOW,
          },
        };
        break;
      case 'cancelListing':
        command = {
          type: 'CancelListing',
          data: {
            callerId: party(current.caller, state.listings[listingAt(current.listing)]?.sellerId),
            listingId: listingAt(current.listing),
            now: NOW,
          },
        };
        break;
      case 'fill':
        command = {
          type: 'BuyListing',
          data: {
            contentId,
            buyerId: USERS[current.buyer]!,
            listingId: listingAt(current.listing),
            quantity: current.quantity,
            transactionId,
            now: NOW,
          },
        };
        break;
      case 'offer':
        command = {
          type: 'MakeOffer',
          data: {
            contentId,
            buyerId: USERS[current.buyer]!,
            sellerId: USERS[current.seller]!,
            offerId: `offer-${position}`,
            quantity: current.quantity,
            bidMinor: current.bidMinor,
            transactionId,
            now: NOW,
            expiresAt: EXPIRES,
          },
        };
        break;
      case 'accept':
        command = {
          type: 'AcceptOffer',
          data: {
            contentId,
            callerId: party(current.caller, state.offers[offerAt(current.offer)]?.sellerId),
            offerId: offerAt(current.offer),
            transactionId,
            now: NOW,
          },
        };
        break;
      case 'close':
        command = {
          type: 'CloseOffer',
          data: {
            contentId,
            callerId:
              current.outcome === 'expired'
                ? null
                : party(
                    current.caller,
                    state.offers[offerAt(current.offer)]?.[current.outcome === 'declined' ? 'sellerId' : 'buyerId'],
                  ),
            offerId: offerAt(current.offer),
            outcome: current.outcome,
            transactionId,
            now: current.outcome === 'expired' ? LATER : NOW,
          },
        };
        break;
    }
    const decision = decideMarket(command, state);
    if (decision.kind === 'refused') return;
    // The ledger's rule: a movement a user account cannot cover is refused whole, and the market events with it.
    const next = new Map(balances);
    for (const posting of decision.money?.postings ?? []) {
      expect(posting.amountMinor).toBeGreaterThanOrEqual(0n);
      next.set(posting.debitAccount, (next.get(posting.debitAccount) ?? 0n) - posting.amountMinor);
      next.set(posting.creditAccount, (next.get(posting.creditAccount) ?? 0n) + posting.amountMinor);
    }
    if ([...next].some(([account, balance]) => account.startsWith('user:') && balance < 0n)) return;
    for (const [account, balance] of next) balances.set(account, balance);
    state = decision.events.reduce(evolveMarket, state);
    for (const event of decision.events) {
      if (event.type === 'ListingOpened') listingIds.push(event.data.listingId);
      if (event.type === 'OfferMade') offerIds.push(event.data.offerId);
    }
    reached.add(current.kind);

    // Shares: nothing made or lost.
    const owned = [...state.owned.values()];
    expect(owned.reduce((sum, shares) => sum + shares, 0)).toBe(state.sold);
    expect(state.sold).toBeLessThanOrEqual(content.totalShares - content.engagementPool);
    expect(primaryAvailable(state, content)).toBe(content.totalShares - content.engagementPool - state.sold);
    for (const name of USERS) {
      expect(state.owned.get(name) ?? 0).toBeGreaterThanOrEqual(0);
      expect(state.listed.get(name) ?? 0).toBeGreaterThanOrEqual(0);
      expect(state.listed.get(name) ?? 0).toBeLessThanOrEqual(state.owned.get(name) ?? 0);
      const activeListed = Object.values(state.listings)
        .filter((listing) => listing.active && listing.sellerId === name)
        .reduce((sum, listing) => sum + listing.remaining, 0);
      expect(state.listed.get(name) ?? 0).toBe(activeListed);
    }
    // USD: nothing made or lost, nothing below zero, every escrow exactly its pending bid.
    expect([...balances.values()].reduce((sum, balance) => sum + balance, 0n)).toBe(funded);
    for (const balance of balances.values()) expect(balance).toBeGreaterThanOrEqual(0n);
    for (const [offerId, offer] of Object.entries(state.offers)) {
      expect(balances.get(escrowAccount('offer', offerId)) ?? 0n).toBe(
        offer.status === 'pending' ? offer.totalMinor : 0n,
      );
    }
  });
}

describe('market conservation (property, domain)', () => {
  it('random sequences of buys, listings, fills, offers, accepts and cancels conserve shares and USD', () => {
    const reached = new Set<Step['kind']>();
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 2_000_000n }), { minLength: USERS.length, maxLength: USERS.length }),
        fc.integer({ min: 100, max: 1000 }),
        fc.array(step, { minLength: 1, maxLength: 80 }),
        (funding, totalShares, steps) => run(funding, totalShares, steps, reached),
      ),
      // Enough runs (and cancels weighted up) that every kind is accepted somewhere: at 400 runs with cancels at weight 1,
      // about one run in ten never accepted a cancel and the non-vacuity check below failed.
      { numRuns: 1000 },
    );
    // Not vacuous: across the runs every kind of step was accepted (and checked) somewhere.
    expect([...reached].sort()).toEqual(['accept', 'buy', 'cancelListing', 'close', 'fill', 'list', 'offer']);
  });
});
