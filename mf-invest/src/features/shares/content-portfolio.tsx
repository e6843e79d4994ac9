import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorBox,
  errorMessage,
  formatBalance,
  formatMoney,
  formatSharePrice,
} from '@app/platform';
import { QueryView, useCancelListing, useHoldings, useMyListings, useSetHoldingVisibility } from '@app/platform/app';
import { ListForResaleDialog } from '@app/platform/market';
import { TrendingUp } from '@app/platform/icons';
import type { Holding } from '@app/contracts/market';
import { useState } from 'react';
import { Link } from 'react-router';

const pct = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;

/**
 * The owner's own holdings are all listed here, private ones included (private only hides a holding from other
 * people's view of this user's portfolio); the toggle says which it is and flips it.
 */
function VisibilityToggle({ holding }: { holding: Holding }) {
  const change = useSetHoldingVisibility();
  const isPublic = holding.visibility === 'public';
  return (
    <div className="ui-stack">
      <span>{isPublic ? 'Public' : 'Private'}</span>
      <Button
        size="small"
        variant="secondary"
        busy={change.isPending}
        onClick={() => change.mutate({ contentId: holding.content_id, visibility: isPublic ? 'private' : 'public' })}
      >
        {isPublic ? 'Make private' : 'Make public'}
      </Button>
      {change.isError ? <ErrorBox message={errorMessage(change.error, 'Failed to change visibility')} /> : null}
    </div>
  );
}

function HoldingRow({ holding, onList }: { holding: Holding; onList(holding: Holding): void }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/holding/${encodeURIComponent(holding.content_id)}`}>{holding.content_title}</Link>
      </th>
      <td>{formatBalance(holding.owned_shares)}</td>
      <td>${formatSharePrice(holding.avg_cost)}</td>
      <td>${formatSharePrice(holding.current_price)}</td>
      <td>{formatMoney(holding.market_value)}</td>
      <td>{formatMoney(holding.unrealized_gain)}</td>
      <td>{pct(holding.day_change_pct)}</td>
      <td>
        <VisibilityToggle holding={holding} />
      </td>
      <td className="ui-row">
        <ButtonLink size="small" variant="secondary" to={`/holding/${encodeURIComponent(holding.content_id)}`}>
          View details
        </ButtonLink>
        {holding.available_to_sell > 0 ? (
          <Button size="small" onClick={() => onList(holding)}>
            List for resale
          </Button>
        ) : (
          <span className="ui-muted">All shares listed</span>
        )}
      </td>
    </tr>
  );
}

/** My Listings: active and past listings; an active one can be cancelled (its shares become sellable again). */
function MyListings() {
  const listings = useMyListings();
  const cancel = useCancelListing();
  return (
    <Card title="My Listings">
      <QueryView
        query={listings}
        loadingLabel="Loading listings"
        empty={<p className="ui-muted">You have no listings.</p>}
      >
        {(rows) => (
          <ul className="ui-list" aria-label="My listings">
            {rows.map((listing) => (
              <li key={listing.id} className="ui-list__item">
                <span>{listing.content_title}</span>
                <span>
                  {formatBalance(listing.remaining_quantity)} of {formatBalance(listing.quantity)} at $
                  {formatSharePrice(listing.ask_price)}
                </span>
                <span>{listing.status}</span>
                {listing.status === 'active' ? (
                  <Button
                    size="small"
                    variant="secondary"
                    busy={cancel.isPending && cancel.variables === listing.id}
                    onClick={() => cancel.mutate(listing.id)}
                  >
                    Cancel listing
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {cancel.isError ? <ErrorBox message={errorMessage(cancel.error, 'Failed to cancel listing')} /> : null}
    </Card>
  );
}

/** Content Portfolio (spec 2 Investment Hub, Content Shares tab): holdings table, My Listings, List for Resale. */
export function ContentPortfolio() {
  const holdings = useHoldings();
  const [listing, setListing] = useState<Holding | null>(null);
  return (
    <div className="ui-stack">
      <Card title="Content Portfolio">
        <QueryView
          query={holdings}
          loadingLabel="Loading holdings"
          empty={
            <EmptyState
              title="You hold no shares yet"
              message="Buy shares in content you believe in; they show up here with their price and value."
              icon={<TrendingUp size={40} />}
              // Opportunities are the drops to earn from (spec 2, home feed), not the signed-out landing page.
              action={<ButtonLink to="/earn">Discover Opportunities</ButtonLink>}
            />
          }
        >
          {(rows) => (
            <table className="ui-table" aria-label="Holdings">
              <thead>
                <tr>
                  <th scope="col">Content</th>
                  <th scope="col">Shares</th>
                  <th scope="col">Avg cost</th>
                  <th scope="col">Price</th>
                  <th scope="col">Value</th>
                  <th scope="col">Gain</th>
                  <th scope="col">Day</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <HoldingRow key={row.content_id} holding={row} onList={setListing} />
                ))}
              </tbody>
            </table>
          )}
        </QueryView>
      </Card>
      <MyListings />
      {listing ? (
        <ListForResaleDialog holding={listing} open onOpenChange={(open) => (open ? undefined : setListing(null))} />
      ) : null}
    </div>
  );
}
