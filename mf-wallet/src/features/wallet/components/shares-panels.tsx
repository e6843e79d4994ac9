import { Button, ButtonLink, Card, formatBalance, formatMoney, formatSharePrice } from '@app/platform';
import { OffersPanel, QueryView, useHoldings, useMyListings } from '@app/platform/app';
import type { Holding } from '@app/contracts/market';
import { Suspense, lazy, useState } from 'react';

// The market's dialogs are forms: fetched when one opens, not with the wallet's first page (issue 45).
const ListForResaleDialog = lazy(() =>
  import('@app/platform/market').then((module) => ({ default: module.ListForResaleDialog })),
);

// The wallet Overview's share panels (spec 3): holdings, active listings, offers. The Investment Hub (mf-invest) has
// the full screens; both take the market's calls, List for Resale and the offers panel from the platform.

function HoldingsPanel() {
  const holdings = useHoldings();
  const [listing, setListing] = useState<Holding | null>(null);
  return (
    <Card title="Share holdings">
      <QueryView
        query={holdings}
        loadingLabel="Loading holdings"
        empty={<p className="ui-muted">You hold no shares.</p>}
      >
        {(rows) => (
          <ul className="ui-list" aria-label="Share holdings">
            {rows.map((holding) => (
              <li key={holding.content_id} className="ui-list__item">
                <span>{holding.content_title}</span>
                <span>
                  {formatBalance(holding.owned_shares)} × ${formatSharePrice(holding.current_price)} ={' '}
                  {formatMoney(holding.market_value)}
                </span>
                <ButtonLink
                  size="small"
                  variant="secondary"
                  to={`/portfolio/holdings/${encodeURIComponent(holding.content_id)}`}
                >
                  View
                </ButtonLink>
                {holding.available_to_sell > 0 ? (
                  <Button size="small" onClick={() => setListing(holding)}>
                    List for sale
                  </Button>
                ) : (
                  <span className="ui-muted">All shares listed</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {listing ? (
        <Suspense fallback={null}>
          <ListForResaleDialog holding={listing} open onOpenChange={(open) => (open ? undefined : setListing(null))} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function ListingsPanel() {
  const listings = useMyListings();
  return (
    <Card title="Active listings">
      <QueryView
        query={listings}
        loadingLabel="Loading listings"
        isEmpty={(rows) => rows.every((row) => row.status !== 'active')}
        empty={<p className="ui-muted">No active listings.</p>}
      >
        {(rows) => (
          <ul className="ui-list" aria-label="Active listings">
            {rows
              .filter((row) => row.status === 'active')
              .map((row) => (
                <li key={row.id} className="ui-list__item">
                  <span>{row.content_title}</span>
                  <span>
                    {formatBalance(row.remaining_quantity)} at ${formatSharePrice(row.ask_price)}
                  </span>
                </li>
              ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

export function SharesPanels() {
  return (
    <div className="ui-stack">
      <HoldingsPanel />
      <ListingsPanel />
      <OffersPanel />
    </div>
  );
}
