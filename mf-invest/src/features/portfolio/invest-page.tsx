import { PageHeader } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { ContentPortfolio } from '../shares/content-portfolio';
import { OffersPanel } from '../shares/offers-panel';

const FORECASTS_NOT_BUILT = <p className="ui-muted">Forecasts are not built yet.</p>;

/** /invest: the Investment Hub (spec 2). The forecast tabs say plainly that forecasts are not built yet. */
export function InvestPage() {
  return (
    <div className="ui-stack">
      <PageHeader title="Investment Hub" subtitle="Shares in the content you believe in. Prices show 4 decimals." />
      <Tabs
        label="Investment Hub"
        defaultValue="shares"
        items={[
          { value: 'forecasts', label: 'All Forecasts', content: FORECASTS_NOT_BUILT },
          { value: 'predictions', label: 'My Predictions', content: FORECASTS_NOT_BUILT },
          { value: 'my-forecasts', label: 'My Forecasts', content: FORECASTS_NOT_BUILT },
          {
            value: 'shares',
            label: 'Content Shares',
            content: (
              <div className="ui-stack">
                <ContentPortfolio />
                <OffersPanel />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
