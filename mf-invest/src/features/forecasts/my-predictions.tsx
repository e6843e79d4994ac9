import { Badge, Card, EmptyState, formatBalance, formatMoney } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Link } from 'react-router';
import { forecastTitle, formatTimeLeft, metricLabel, predictionOutcome, sideLabel } from './forecast-format';
import { useMyPredictions } from './forecasts-api';

/** My Predictions: every stake of mine (my own initial stakes too), with Won/Lost once the forecast is resolved. */
export function MyPredictions() {
  const predictions = useMyPredictions();
  return (
    <Card title="My Predictions">
      <QueryView
        query={predictions}
        loadingLabel="Loading your predictions"
        empty={
          <EmptyState
            title="You have made no predictions"
            message="Open All Forecasts and predict over or under on one."
          />
        }
      >
        {(rows) => (
          <table className="ui-table" aria-label="My predictions">
            <thead>
              <tr>
                <th scope="col">Forecast</th>
                <th scope="col">Side</th>
                <th scope="col">Amount</th>
                <th scope="col">Current</th>
                <th scope="col">Potential payout</th>
                <th scope="col">Paid</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((prediction) => {
                const outcome = predictionOutcome(prediction);
                return (
                  <tr key={prediction.id}>
                    <th scope="row">
                      <Link to={`/predictions/${encodeURIComponent(prediction.id)}`}>{forecastTitle(prediction)}</Link>
                      <div className="ui-muted">
                        {metricLabel[prediction.forecast_type]} {formatBalance(prediction.target_value)} at{' '}
                        {prediction.odds}x{prediction.is_creator_stake ? ' (your forecast)' : ''}
                      </div>
                    </th>
                    <td>{sideLabel(prediction.prediction_side)}</td>
                    <td>{formatMoney(prediction.prediction_amount)}</td>
                    <td>{prediction.current_value === null ? '-' : formatBalance(prediction.current_value)}</td>
                    <td>{formatMoney(prediction.potential_payout)}</td>
                    <td>{prediction.actual_payout === null ? '-' : formatMoney(prediction.actual_payout)}</td>
                    <td>
                      <time dateTime={prediction.expires_at}>{formatTimeLeft(prediction.expires_at)}</time>
                    </td>
                    <td>
                      <Badge tone={outcome.tone}>{outcome.label}</Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryView>
    </Card>
  );
}
