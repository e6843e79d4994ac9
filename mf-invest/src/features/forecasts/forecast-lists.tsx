import { Badge, Button, Card, EmptyState, formatBalance, formatMoney } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { TrendingUp } from '@app/platform/icons';
import type { SocialForecast } from '@app/contracts/forecasts';
import { Suspense, lazy, useState } from 'react';
import { forecastTitle, formatTimeLeft, metricLabel, sideLabel, takesPredictions } from './forecast-format';
import { useCreatedForecasts, useForecasts } from './forecasts-api';

// The dialogs are forms, fetched when one opens: the Investment Hub's first view shows none (issue 45).
const CreateForecastDialog = lazy(() =>
  import('./create-forecast-dialog').then((module) => ({ default: module.CreateForecastDialog })),
);
const PredictDialog = lazy(() => import('./predict-dialog').then((module) => ({ default: module.PredictDialog })));

const STATUS_TONE = { active: 'accent', expired: 'warning', resolved: 'neutral' } as const;

/**
 * An expired forecast on an external URL (or a comments count) settles only once an administrator records the
 * metric (the ops console's Approvals queue): until then it is pending review. On-platform ones settle by themselves.
 */
function statusLabel(forecast: SocialForecast): string {
  const observedByAdministrator = forecast.content_id === null || forecast.forecast_type === 'comments';
  return forecast.status === 'expired' && observedByAdministrator ? 'Pending review' : forecast.status;
}

/** One forecast: the metric and line, the odds, the pool, the creator's stake and side, and the time left. */
function ForecastCard({
  forecast,
  onPredict,
}: {
  forecast: SocialForecast;
  onPredict?(forecast: SocialForecast): void;
}) {
  const title = forecastTitle(forecast);
  return (
    <article className="ui-card" aria-label={`Forecast: ${title}`}>
      <header className="ui-card__header">
        <h3 className="ui-card__title">{title}</h3>
        <Badge tone={STATUS_TONE[forecast.status]}>{statusLabel(forecast)}</Badge>
      </header>
      <dl className="ui-facts">
        <dt>{metricLabel[forecast.forecast_type]} target</dt>
        <dd>{formatBalance(forecast.target_value)}</dd>
        <dt>Current</dt>
        <dd>{forecast.current_value === null ? 'Not observed yet' : formatBalance(forecast.current_value)}</dd>
        <dt>Odds</dt>
        <dd>{forecast.odds}x</dd>
        <dt>Pool</dt>
        <dd>{formatMoney(forecast.pool_size)}</dd>
        <dt>Creator stake</dt>
        <dd>
          {formatMoney(forecast.creator_initial_amount)} on {sideLabel(forecast.creator_side)}
          {forecast.creator_name ? ` by ${forecast.creator_name}` : ''}
        </dd>
        <dt>Participants</dt>
        <dd>
          {forecast.participant_count} ({forecast.over_count} over, {forecast.under_count} under)
        </dd>
        {forecast.status === 'resolved' ? (
          <>
            <dt>Result</dt>
            <dd>
              {forecast.resolved_value === null
                ? ''
                : `${formatBalance(forecast.resolved_value)} ${metricLabel[forecast.forecast_type].toLowerCase()}: `}
              {forecast.winning_side ? `${sideLabel(forecast.winning_side)} won` : 'settled'}
            </dd>
          </>
        ) : (
          <>
            <dt>Time left</dt>
            <dd>
              <time dateTime={forecast.expires_at}>{formatTimeLeft(forecast.expires_at)}</time>
            </dd>
          </>
        )}
      </dl>
      {onPredict && takesPredictions(forecast) ? (
        <Button size="small" onClick={() => onPredict(forecast)}>
          Predict
        </Button>
      ) : null}
    </article>
  );
}

function ForecastGrid({
  forecasts,
  onPredict,
  label,
}: {
  forecasts: SocialForecast[];
  onPredict?(forecast: SocialForecast): void;
  label: string;
}) {
  return (
    <div className="ui-grid" role="list" aria-label={label}>
      {forecasts.map((forecast) => (
        <div role="listitem" key={forecast.id}>
          <ForecastCard forecast={forecast} onPredict={onPredict} />
        </div>
      ))}
    </div>
  );
}

/** All Forecasts: every forecast (active first); Predict on those still open; Create Forecast. */
export function AllForecasts() {
  const forecasts = useForecasts();
  const [creating, setCreating] = useState(false);
  const [predicting, setPredicting] = useState<SocialForecast | null>(null);
  return (
    <Card title="Social Forecasts" actions={<Button onClick={() => setCreating(true)}>Create Forecast</Button>}>
      <QueryView
        query={forecasts}
        loadingLabel="Loading forecasts"
        empty={
          <EmptyState
            title="No forecasts yet"
            message="Create the first one: pick a content item, a metric and a target."
            icon={<TrendingUp size={40} />}
          />
        }
      >
        {(rows) => <ForecastGrid forecasts={rows} onPredict={setPredicting} label="Forecasts" />}
      </QueryView>
      {creating ? (
        <Suspense fallback={null}>
          <CreateForecastDialog open onOpenChange={setCreating} />
        </Suspense>
      ) : null}
      {predicting ? (
        <Suspense fallback={null}>
          <PredictDialog forecast={predicting} open onOpenChange={(open) => (open ? undefined : setPredicting(null))} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** My Forecasts: the forecasts I created, with their pool, participants and result. */
export function MyForecasts() {
  const forecasts = useCreatedForecasts();
  const [creating, setCreating] = useState(false);
  return (
    <Card title="My Forecasts" actions={<Button onClick={() => setCreating(true)}>Create Forecast</Button>}>
      <QueryView
        query={forecasts}
        loadingLabel="Loading your forecasts"
        empty={
          <EmptyState
            title="You have created no forecasts"
            message="A forecast is a line on a content metric that others predict over or under."
          />
        }
      >
        {(rows) => <ForecastGrid forecasts={rows} label="My forecasts" />}
      </QueryView>
      {creating ? (
        <Suspense fallback={null}>
          <CreateForecastDialog open onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </Card>
  );
}
