import { OffersPanel } from '@app/platform/app';
import { ContentPortfolio } from './content-portfolio';
import { DiscoverShares } from './discover-shares';
import { ResaleMarket } from './resale-market';

/** The Investment Hub's Content Shares tab: holdings, offers, the resale market and the shares to discover. */
export function SharesTab() {
  return (
    <div className="ui-stack">
      <ContentPortfolio />
      <OffersPanel />
      <ResaleMarket />
      <DiscoverShares />
    </div>
  );
}
