import { resaleFeeFor } from '@app/contracts/market';
import {
  decideMarket,
  type ContentFacts,
  type Decision,
  type MarketCommand,
} from '../../src/modules/market/domain/decide';
import {
  evolveMarket,
  initialMarket,
  type MarketEvent,
  type MarketState,
} from '../../src/modules/market/domain/market';
import { changePct, marketPriceFor } from '../../src/modules/market/domain/price';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<MarketCommand, MarketState, MarketEvent, Decision>({
  decide: decideMarket,
  evolve: evolveMarket,
  initialState: initialMarket,
});
const now = '2026-11-25T10:00:00.000Z';
const later = '2026-12-02T10:00:00.000Z';
const content = (overrides: Partial<ContentFacts> = {}): ContentFacts => ({
  creatorId: 'creator',
  status: 'active',
  totalShares: 100,
  engagementPool: 20,
  fundingUsdMinor: 0n,
  ...overrides,
});
const bought = (buyerId: string, quantity: number, priceMinor = 100n): MarketEvent => ({
  type: 'SharesBought',
  data: {
    buyerId,
    creatorId: 'creator',
    quantity,
    priceMinor: String(priceMinor),
    totalMinor: String(priceMinor * BigInt(quantity)),
    transactionId: `t-${buyerId}-${quantity}`,
    at: now,
  },
});
const listed = (listingId: string, sellerId: string, quantity: number, askMinor = 5_000n): MarketEvent => ({
  type: 'ListingOpened',
  data: { listingId, sellerId, quantity, askMinor: String(askMinor), at: now },
});
const offered = (
  offerId: string,
  buyerId: string,
  sellerId: string,
  quantity: number,
  bidMinor = 2_000n,
): MarketEvent => ({
  type: 'OfferMade',
  data: {
    offerId,
    buyerId,
    sellerId,
    quantity,
    bidMinor: String(bidMinor),
    totalMinor: String(bidMinor * BigInt(quantity)),
    transactionId: 'to',
    at: now,
    expiresAt: later,
  },
});

/** The USD transaction a decision moves, referenced by the item. */
const usdMovement = (
  transactionId: string,
  reasonCode: string,
  description: string,
  postings: Array<[string, string, bigint]>,
  at = now,
) => ({
  transactionId,
  reasonCode,
  description,
  postings: postings.map(([debitAccount, creditAccount, amountMinor]) => ({
    debitAccount,
    creditAccount,
    currency: 'usd',
    amountMinor,
  })),
  now: at,
  references: { contentId: 'c1' },
});

describe('market decider', () => {
  it('sells primary shares at the market price, all of it to the creator', () => {
    spec
      .given([])
      .when({
        type: 'BuyShares',
        data: {
          contentId: 'c1',
          buyerId: 'ann',
          content: content({ fundingUsdMinor: 100_000n }),
          quantity: 10,
          transactionId: 't1',
          now,
        },
      })
      .then({
        events: [
          {
            type: 'SharesBought',
            data: {
              buyerId: 'ann',
              creatorId: 'creator',
              quantity: 10,
              priceMinor: '1000',
              totalMinor: '10000',
              transactionId: 't1',
              at: now,
            },
          },
        ],
        money: usdMovement('t1', 'SHARE_PURCHASE', '10 shares bought', [['user:ann', 'user:creator', 10_000n]]),
        priceMinor: 1_000n,
        totalMinor: 10_000n,
      });
  });

  it('never sells the engagement pool or more than is left, nor to the creator or on archived content', () => {
    spec
      .given([bought('ann', 75)])
      .when({
        type: 'BuyShares',
        data: { contentId: 'c1', buyerId: 'ben', content: content(), quantity: 6, transactionId: 't', now },
      })
      .thenRefused('NOT_ENOUGH_SHARES');
    spec
      .given([bought('ann', 75)])
      .when({
        type: 'BuyShares',
        data: { contentId: 'c1', buyerId: 'ben', content: content(), quantity: 5, transactionId: 't', now },
      })
      .then({ totalMinor: 500n });
    spec
      .given([])
      .when({
        type: 'BuyShares',
        data: { contentId: 'c1', buyerId: 'creator', content: content(), quantity: 1, transactionId: 't', now },
      })
      .thenRefused('OWN_CONTENT');
    spec
      .given([])
      .when({
        type: 'BuyShares',
        data: {
          contentId: 'c1',
          buyerId: 'ann',
          content: content({ status: 'archived' }),
          quantity: 1,
          transactionId: 't',
          now,
        },
      })
      .thenRefused('CONTENT_ARCHIVED');
  });

  it('lists and cancels only shares available to sell (owned minus listed), moving no money', () => {
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6)])
      .when({ type: 'OpenListing', data: { sellerId: 'ann', listingId: 'l2', quantity: 5, askMinor: 100n, now } })
      .thenRefused('MORE_THAN_AVAILABLE_TO_SELL');
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6)])
      .when({ type: 'OpenListing', data: { sellerId: 'ann', listingId: 'l2', quantity: 4, askMinor: 100n, now } })
      .then({
        events: [
          { type: 'ListingOpened', data: { listingId: 'l2', sellerId: 'ann', quantity: 4, askMinor: '100', at: now } },
        ],
        money: null,
      });
    spec
      .given([listed('l1', 'ann', 6)])
      .when({ type: 'CancelListing', data: { callerId: 'ben', listingId: 'l1', now } })
      .thenRefused('NOT_YOUR_LISTING');
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6)])
      .when({ type: 'CancelListing', data: { callerId: 'ann', listingId: 'l1', now } })
      .then({ events: [{ type: 'ListingCancelled', data: { listingId: 'l1', at: now } }], money: null });
  });

  it('fills a listing at the ask with the 2.5 % fee rounded down in the seller\u2019s favour', () => {
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6, 3_333n)])
      .when({
        type: 'BuyListing',
        data: { contentId: 'c1', buyerId: 'ben', listingId: 'l1', quantity: 3, transactionId: 't2', now },
      })
      .then({
        events: [
          {
            type: 'ListingFilled',
            data: {
              listingId: 'l1',
              buyerId: 'ben',
              sellerId: 'ann',
              quantity: 3,
              priceMinor: '3333',
              totalMinor: '9999',
              feeMinor: '249',
              transactionId: 't2',
              at: now,
            },
          },
        ],
        money: usdMovement('t2', 'SHARE_PURCHASE', '3 shares bought from a listing', [
          ['user:ben', 'user:ann', 9_750n],
          ['user:ben', 'system:fees', 249n],
        ]),
        totalMinor: 9_999n,
        feeMinor: 249n,
      });
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6)])
      .when({
        type: 'BuyListing',
        data: { contentId: 'c1', buyerId: 'ann', listingId: 'l1', quantity: 1, transactionId: 't', now },
      })
      .thenRefused('OWN_LISTING');
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6)])
      .when({
        type: 'BuyListing',
        data: { contentId: 'c1', buyerId: 'ben', listingId: 'l1', quantity: 7, transactionId: 't', now },
      })
      .thenRefused('NOT_ENOUGH_SHARES');
  });

  it('takes no fee from a resale too small to owe one', () => {
    spec
      .given([bought('ann', 10), listed('l1', 'ann', 6, 13n)])
      .when({
        type: 'BuyListing',
        data: { contentId: 'c1', buyerId: 'ben', listingId: 'l1', quantity: 3, transactionId: 't3', now },
      })
      .then({
        money: usdMovement('t3', 'SHARE_PURCHASE', '3 shares bought from a listing', [['user:ben', 'user:ann', 39n]]),
        feeMinor: 0n,
      });
  });

  it('escrows an offer, pays it out once on accept, returns it whole on decline, cancel or expiry', () => {
    spec
      .given([bought('ann', 10)])
      .when({
        type: 'MakeOffer',
        data: {
          contentId: 'c1',
          buyerId: 'ben',
          sellerId: 'ann',
          offerId: 'o1',
          quantity: 4,
          bidMinor: 2_000n,
          transactionId: 't',
          now,
          expiresAt: later,
        },
      })
      .then({
        events: [
          {
            type: 'OfferMade',
            data: {
              offerId: 'o1',
              buyerId: 'ben',
              sellerId: 'ann',
              quantity: 4,
              bidMinor: '2000',
              totalMinor: '8000',
              transactionId: 't',
              at: now,
              expiresAt: later,
            },
          },
        ],
        money: usdMovement('t', 'SHARE_OFFER', 'Offer for 4 shares (escrowed)', [
          ['user:ben', 'escrow:offer:o1', 8_000n],
        ]),
      });
    spec
      .given([bought('ann', 3)])
      .when({
        type: 'MakeOffer',
        data: {
          contentId: 'c1',
          buyerId: 'ben',
          sellerId: 'ann',
          offerId: 'o1',
          quantity: 4,
          bidMinor: 1n,
          transactionId: 't',
          now,
          expiresAt: later,
        },
      })
      .thenRefused('SELLER_HAS_TOO_FEW');
    const given = [bought('ann', 10), offered('o1', 'ben', 'ann', 4)];
    spec
      .given(given)
      .when({ type: 'AcceptOffer', data: { contentId: 'c1', callerId: 'ben', offerId: 'o1', transactionId: 't', now } })
      .thenRefused('NOT_YOUR_OFFER');
    const accepted: MarketEvent = {
      type: 'OfferAccepted',
      data: {
        offerId: 'o1',
        buyerId: 'ben',
        sellerId: 'ann',
        quantity: 4,
        priceMinor: '2000',
        totalMinor: '8000',
        feeMinor: '200',
        transactionId: 't',
        at: now,
      },
    };
    spec
      .given(given)
      .when({ type: 'AcceptOffer', data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', transactionId: 't', now } })
      .then({
        events: [accepted],
        money: usdMovement('t', 'SHARE_PURCHASE', '4 shares sold by offer', [
          ['escrow:offer:o1', 'user:ann', 7_800n],
          ['escrow:offer:o1', 'system:fees', 200n],
        ]),
        feeMinor: 200n,
      });
    spec
      .given(given)
      .when({
        type: 'AcceptOffer',
        data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', transactionId: 't', now: later },
      })
      .thenRefused('OFFER_EXPIRED');
    spec
      .given([...given, listed('l1', 'ann', 7)])
      .when({ type: 'AcceptOffer', data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', transactionId: 't', now } })
      .thenRefused('SELLER_HAS_TOO_FEW');
    spec
      .given([...given, accepted])
      .when({ type: 'AcceptOffer', data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', transactionId: 't', now } })
      .thenRefused('OFFER_NOT_PENDING');
    spec
      .given([...given, accepted])
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: 'ben', offerId: 'o1', outcome: 'cancelled', transactionId: 't', now },
      })
      .thenRefused('OFFER_NOT_PENDING');
    const refund = (outcome: string, at = now) =>
      usdMovement('t', 'SHARE_OFFER', `Offer ${outcome}: bid returned`, [['escrow:offer:o1', 'user:ben', 8_000n]], at);
    spec
      .given(given)
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', outcome: 'declined', transactionId: 't', now },
      })
      .then({
        events: [{ type: 'OfferClosed', data: { offerId: 'o1', outcome: 'declined', transactionId: 't', at: now } }],
        money: refund('declined'),
      });
    spec
      .given(given)
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: 'ben', offerId: 'o1', outcome: 'cancelled', transactionId: 't', now },
      })
      .then({ money: refund('cancelled') });
    spec
      .given(given)
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: 'ann', offerId: 'o1', outcome: 'cancelled', transactionId: 't', now },
      })
      .thenRefused('NOT_YOUR_OFFER');
    spec
      .given(given)
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: null, offerId: 'o1', outcome: 'expired', transactionId: 't', now },
      })
      .thenRefused('OFFER_NOT_EXPIRED');
    spec
      .given(given)
      .when({
        type: 'CloseOffer',
        data: { contentId: 'c1', callerId: null, offerId: 'o1', outcome: 'expired', transactionId: 't', now: later },
      })
      .then({ money: refund('expired', later) });
  });
});

describe('market price rule', () => {
  it('is the higher of the funding price (floor $0.01) and the newest trade', () => {
    expect(marketPriceFor({ fundingUsdMinor: 0n, totalShares: 100, lastTradePriceMinor: null })).toBe(100n);
    expect(marketPriceFor({ fundingUsdMinor: 125_000n, totalShares: 125, lastTradePriceMinor: null })).toBe(1_000n);
    expect(marketPriceFor({ fundingUsdMinor: 125_000n, totalShares: 125, lastTradePriceMinor: 3_333n })).toBe(3_333n);
    expect(marketPriceFor({ fundingUsdMinor: 125_000n, totalShares: 125, lastTradePriceMinor: 500n })).toBe(1_000n);
    expect(changePct(1_000n, 1_500n)).toBe(50);
    expect(changePct(null, 1_500n)).toBe(0);
    expect(resaleFeeFor(39n)).toBe(0n);
    expect(resaleFeeFor(40n)).toBe(1n);
  });
});

/** Property: across random trade sequences, shares and USD are conserved and nobody goes below zero. */
describe('conservation across random trade sequences', () => {
  it('keeps shares = sold, USD sums unchanged, escrows = pending bids', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const users = ['ann', 'ben', 'cat', 'dan'];
    for (let run = 0; run < 50; run += 1) {
      let state = initialMarket();
      const balances = new Map<string, bigint>([
        ...users.map((user) => [`user:${user}`, 1_000_000n] as const),
        ['user:creator', 0n],
      ]);
      const start = [...balances.values()].reduce((a, b) => a + b, 0n);
      let ids = 0;
      for (let step = 0; step < 60; step += 1) {
        const user = users[random(users.length)]!;
        const other = users[random(users.length)]!;
        const listingIds = Object.keys(state.listings);
        const offerIds = Object.keys(state.offers);
        const options: MarketCommand[] = [
          {
            type: 'BuyShares',
            data: {
              contentId: 'c1',
              buyerId: user,
              content: content(),
              quantity: 1 + random(15),
              transactionId: 't',
              now,
            },
          },
          {
            type: 'OpenListing',
            data: {
              sellerId: user,
              listingId: `l${ids++}`,
              quantity: 1 + random(5),
              askMinor: BigInt(1 + random(5_000)),
              now,
            },
          },
          {
            type: 'MakeOffer',
            data: {
              contentId: 'c1',
              buyerId: user,
              sellerId: other,
              offerId: `o${ids++}`,
              quantity: 1 + random(5),
              bidMinor: BigInt(1 + random(5_000)),
              transactionId: 't',
              now,
              expiresAt: later,
            },
          },
        ];
        if (listingIds.length)
          options.push({
            type: 'BuyListing',
            data: {
              contentId: 'c1',
              buyerId: user,
              listingId: listingIds[random(listingIds.length)]!,
              quantity: 1 + random(3),
              transactionId: 't',
              now,
            },
          });
        if (offerIds.length) {
          const offerId = offerIds[random(offerIds.length)]!;
          options.push({
            type: 'AcceptOffer',
            data: { contentId: 'c1', callerId: state.offers[offerId]!.sellerId, offerId, transactionId: 't', now },
          });
          options.push({
            type: 'CloseOffer',
            data: {
              contentId: 'c1',
              callerId: state.offers[offerId]!.buyerId,
              offerId,
              outcome: 'cancelled',
              transactionId: 't',
              now,
            },
          });
        }
        const decision = decideMarket(options[random(options.length)]!, state);
        if (decision.kind === 'refused') continue;
        // The ledger refuses an overdraft: skip a decision whose payer cannot cover it, as the append would be refused.
        const next = new Map(balances);
        for (const posting of decision.money?.postings ?? []) {
          next.set(posting.debitAccount, (next.get(posting.debitAccount) ?? 0n) - posting.amountMinor);
          next.set(posting.creditAccount, (next.get(posting.creditAccount) ?? 0n) + posting.amountMinor);
        }
        if ([...next].some(([account, amount]) => account.startsWith('user:') && amount < 0n)) continue;
        balances.clear();
        for (const [account, amount] of next) balances.set(account, amount);
        state = decision.events.reduce(evolveMarket, state);
      }
      const owned = [...state.owned.values()];
      expect(owned.reduce((a, b) => a + b, 0)).toBe(state.sold);
      expect(owned.every((shares) => shares >= 0)).toBe(true);
      expect(state.sold).toBeLessThanOrEqual(80);
      for (const user of users) expect(state.listed.get(user) ?? 0).toBeLessThanOrEqual(state.owned.get(user) ?? 0);
      expect([...balances.values()].reduce((a, b) => a + b, 0n)).toBe(start);
      for (const [offerId, offer] of Object.entries(state.offers)) {
        expect(balances.get(`escrow:offer:${offerId}`) ?? 0n).toBe(offer.status === 'pending' ? offer.totalMinor : 0n);
      }
    }
  });
});
