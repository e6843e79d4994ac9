import { PageHeader, PageSpinner } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { Suspense, lazy } from 'react';
import { useNavigate, useParams } from 'react-router';
import { firstPaintPages } from '../../first-paint';
import { AllForecasts, MyForecasts } from '../forecasts/forecast-lists';
import { MyPredictions } from '../forecasts/my-predictions';

// The Content Shares tab is its own chunk: it takes the market's dialogs, which the default tab does not show
// (issue 45).
const SharesTab = lazy(() => import('../shares/shares-tab').then((module) => ({ default: module.SharesTab })));

/**
 * Each tab has its own address under /invest, so a link can open one (spec 2 links /invest/social-forecasts and
 * /invest/portfolio) and the browser's back button returns to the previous tab.
 */
const TAB_PATHS = {
  forecasts: 'social-forecasts',
  predictions: 'predictions',
  'my-forecasts': 'my-forecasts',
  shares: 'portfolio',
} as const;
type Tab = keyof typeof TAB_PATHS;

function tabOf(segment: string | undefined): Tab {
  const found = (Object.keys(TAB_PATHS) as Tab[]).find((tab) => TAB_PATHS[tab] === segment);
  return found ?? 'forecasts';
}

/** /invest/*: the Investment Hub (spec 2): All Forecasts, My Predictions, My Forecasts, Content Shares. */
export function InvestPage() {
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const tab = tabOf(rest.split('/')[0]);
  return (
    <div className="ui-stack">
      <PageHeader title={firstPaintPages['/invest'].title} subtitle={firstPaintPages['/invest'].subtitle} />
      <Tabs
        label="Investment Hub"
        value={tab}
        onValueChange={(value) => navigate(`/invest/${TAB_PATHS[value as Tab]}`)}
        items={[
          { value: 'forecasts', label: 'All Forecasts', content: <AllForecasts /> },
          { value: 'predictions', label: 'My Predictions', content: <MyPredictions /> },
          { value: 'my-forecasts', label: 'My Forecasts', content: <MyForecasts /> },
          {
            value: 'shares',
            label: 'Content Shares',
            content: (
              <Suspense fallback={<PageSpinner />}>
                <SharesTab />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
