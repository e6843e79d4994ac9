import {
  Button,
  ButtonLink,
  Card,
  Chart,
  EmptyState,
  ErrorBox,
  PageHeader,
  errorMessage,
  formatBalance,
  formatMoney,
  formatSharePrice,
  useCurrentUser,
} from '@app/platform';
import { QueryView, useAnswerOffer, useBuyListing, useHoldingDetail } from '@app/platform/app';
import { AddFundsOffer, ListForResaleDialog, OfferToSellerDialog } from '@app/platform/market';
import type { HoldingDetailResponse } from '@app/contracts/market';
import { useState } from 'react';
import { useParams } from 'react-router';

type Listing = HoldingDetailResponse['marketplace']['listings'][number];

/** What buying the whole listing costs (0 when it is gone): what Add funds must cover. */
const listingTotal = (listings: readonly Listing[], id: string | undefined) => {
  const listing = listings.find((entry) => entry.id === id);
  return listing ? listing.quantity * listing.ask_price : 0;
};

function Marketplace({ detail }: { detail: HoldingDetailResponse }) {
  const me = useCurrentUser();
  const buy = useBuyListing();
  const [offerTo, setOfferTo] = useState<Listing | null>(null);
  const { holding, marketplace } = detail;
  return (
    <Card title="Marketplace">
      <h3>Listings</h3>
      {marketplace.listings.length === 0 ? <p className="ui-muted">No active listings.</p> : null}
      <ul className="ui-list" aria-label="Listings">
        {marketplace.listings.map((listing) => (
          <li key={listing.id} className="ui-list__item">
            <span>
              {formatBalance(listing.quantity)} at ${formatSharePrice(listing.ask_price)}
            </span>
            {listing.owner_id === me.id ? (
              <span className="ui-muted">Your listing</span>
            ) : (
              <>
                <Button
                  size="small"
                  busy={buy.isPending && buy.variables?.listingId === listing.id}
                  onClick={() => buy.mutate({ listingId: listing.id, quantity: listing.quantity })}
                >
                  Buy {formatBalance(listing.quantity)} for {formatMoney(listing.quantity * listing.ask_price)}
                </Button>
                <Button size="small" variant="secondary" onClick={() => setOfferTo(listing)}>
                  Make an Offer
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {buy.isError ? <ErrorBox message={errorMessage(buy.error, 'Purchase failed')} /> : null}
      {buy.isError ? (
        <AddFundsOffer neededDollars={listingTotal(marketplace.listings, buy.variables?.listingId)} />
      ) : null}
      <OffersOnYourShares offers={marketplace.offers} />
      {offerTo ? (
        <OfferToSellerDialog
          target={{
            contentId: holding.content_id,
            title: holding.content_title,
            sellerId: offerTo.owner_id,
            sellerName: null,
            currentPrice: holding.current_price,
            listedQuantity: offerTo.quantity,
          }}
          onClose={() => setOfferTo(null)}
        />
      ) : null}
    </Card>
  );
}

/**
 * /holding/:id: one holding with its figures, price history (real trades), the holder's trades and the marketplace.
 */
export function HoldingDetailPage() {
  const { id = '' } = useParams();
  const detail = useHoldingDetail(id);
  const [listing, setListing] = useState(false);
  return (
    <QueryView
      query={detail}
      unavailable={
        <EmptyState
          title="Holding not found."
          message="You hold no such shares."
          action={<ButtonLink to="/invest">Back to Invest</ButtonLink>}
        />
      }
    >
      {(data) => (
        <div className="ui-stack">
          <PageHeader
            title={data.holding.content_title}
            subtitle={data.holding.creator_name ? `by ${data.holding.creator_name}` : undefined}
          />
          <HoldingFacts detail={data} onList={() => setListing(true)} />
          <PriceHistory history={data.performance.history} />
          <YourTrades ledger={data.performance.ledger} />
          <Marketplace detail={data} />
          {listing ? <ListForResaleDialog holding={data.holding} open onOpenChange={setListing} /> : null}
        </div>
      )}
    </QueryView>
  );
}

/** Pending offers on the holder's shares, each to accept or decline. */
function OffersOnYourShares({ offers }: { offers: HoldingDetailResponse['marketplace']['offers'] }) {
  const answer = useAnswerOffer();
  return (
    <>
      <h3>Offers on your shares</h3>
      {offers.length === 0 ? <p className="ui-muted">No pending offers.</p> : null}
      <ul className="ui-list" aria-label="Offers on your shares">
        {offers.map((offer) => (
          <li key={offer.id} className="ui-list__item">
            <span>
              {formatBalance(offer.quantity)} at ${formatSharePrice(offer.bid_price)} from{' '}
              {offer.buyer_name ?? 'a buyer'}
            </span>
            {offer.message ? <q>{offer.message}</q> : null}
            <Button
              size="small"
              busy={answer.isPending && answer.variables?.offerId === offer.id}
              onClick={() => answer.mutate({ offerId: offer.id, verb: 'accept' })}
            >
              Accept
            </Button>
            <Button
              size="small"
              variant="secondary"
              onClick={() => answer.mutate({ offerId: offer.id, verb: 'decline' })}
            >
              Decline
            </Button>
          </li>
        ))}
      </ul>
      {answer.isError ? <ErrorBox message={errorMessage(answer.error, 'The offer could not be answered')} /> : null}
    </>
  );
}

function HoldingFacts({ detail, onList }: { detail: HoldingDetailResponse; onList(): void }) {
  return (
    <Card title="Your holding">
      <dl className="ui-facts">
        <dt>Shares</dt>
        <dd>{formatBalance(detail.holding.owned_shares)}</dd>
        <dt>Available to sell</dt>
        <dd>{formatBalance(detail.holding.available_to_sell)}</dd>
        <dt>Price</dt>
        <dd>${formatSharePrice(detail.holding.current_price)}</dd>
        <dt>Average paid</dt>
        <dd>${formatSharePrice(detail.holding.avg_cost)}</dd>
        <dt>Value</dt>
        <dd>{formatMoney(detail.holding.market_value)}</dd>
        <dt>Unrealized gain</dt>
        <dd>{formatMoney(detail.holding.unrealized_gain)}</dd>
        <dt>Creator earnings from shares</dt>
        <dd>{formatMoney(detail.content.earnings_to_date)}</dd>
      </dl>
      {detail.holding.available_to_sell > 0 ? (
        <Button onClick={onList}>List for resale</Button>
      ) : (
        <p className="ui-muted">All shares listed</p>
      )}
    </Card>
  );
}

function PriceHistory({ history }: { history: HoldingDetailResponse['performance']['history'] }) {
  return (
    <Card title="Price history">
      <Chart
        kind="line"
        title="Daily closing price"
        series={[{ name: 'Price', points: history.map((point) => ({ x: point.date, y: point.price })) }]}
        formatY={(value) => `$${formatSharePrice(value)}`}
      />
      <table className="ui-table" aria-label="Price history">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Price</th>
            <th scope="col">Volume</th>
          </tr>
        </thead>
        <tbody>
          {history.map((point) => (
            <tr key={point.date}>
              <td>{point.date}</td>
              <td>${formatSharePrice(point.price)}</td>
              <td>{formatBalance(point.volume)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function YourTrades({ ledger }: { ledger: HoldingDetailResponse['performance']['ledger'] }) {
  return (
    <Card title="Your trades">
      <ul className="ui-list" aria-label="Your trades">
        {ledger.map((trade) => (
          <li key={trade.id} className="ui-list__item">
            <span>{trade.type === 'buy' ? 'Bought' : 'Sold'}</span>
            <span>
              {formatBalance(trade.quantity)} at ${formatSharePrice(trade.price)}
            </span>
            <time dateTime={trade.timestamp}>{new Date(trade.timestamp).toLocaleString()}</time>
          </li>
        ))}
      </ul>
    </Card>
  );
}
