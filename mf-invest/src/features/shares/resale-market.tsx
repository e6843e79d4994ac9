import { Card } from '@app/platform';
import { ListingsMarket } from '@app/platform/market';

/**
 * The resale market in the Content Shares tab (issue 43): everyone's open listings, to buy from or to make an offer
 * to the seller, whether or not the viewer holds anything yet.
 */
export function ResaleMarket() {
  return (
    <Card title="Resale market">
      <p className="ui-muted">
        Shares other holders have listed for resale. Buy at the ask, or make the seller an offer.
      </p>
      <ListingsMarket />
    </Card>
  );
}
