import { Badge, ButtonLink, Card, Chart, EmptyState, PageHeader, formatBalance, formatMoney } from '@app/platform';
import { QueryView } from '@app/platform/app';
import type { PredictionDetail } from '@app/contracts/forecasts';
import { useParams } from 'react-router';
import { forecastTitle, formatTimeLeft, metricLabel, predictionOutcome, sideLabel } from './forecast-format';
import { usePredictionDetail } from './forecasts-api';

/** The metric's real observations beside the straight line to the target (the server's `expected`). */
function Trajectory({ detail }: { detail: PredictionDetail }) {
  const metric = metricLabel[detail.forecast.metric];
  const actual = detail.trajectory
    .filter((point) => point.actual !== null)
    .map((point) => ({ x: point.date, y: point.actual as number }));
  const expected = detail.trajectory.map((point) => ({ x: point.date, y: point.expected }));
  return (
    <Card title="Trajectory">
      {actual.length === 0 ? (
        <p className="ui-muted">No observation of the {metric.toLowerCase()} has been recorded yet.</p>
      ) : null}
      <Chart
        kind="line"
        title={`${metric}: observed and expected`}
        series={[
          { name: 'Observed', points: actual },
          { name: 'Expected', points: expected },
        ]}
        formatY={(value) => formatBalance(value)}
      />
    </Card>
  );
}

function Participants({ detail }: { detail: PredictionDetail }) {
  return (
    <Card title="Participants">
      {detail.participants.length === 0 ? (
        <p className="ui-muted">No participants.</p>
      ) : (
        <table className="ui-table" aria-label="Participants">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Side</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {detail.participants.map((participant, index) => (
              <tr key={`${participant.username}-${index}`}>
                <th scope="row">{participant.username}</th>
                <td>{sideLabel(participant.side)}</td>
                <td>{formatMoney(participant.amount)}</td>
                <td>
                  {participant.status === 'settled' && participant.result !== 'pending'
                    ? participant.result === 'won'
                      ? 'Won'
                      : 'Lost'
                    : participant.status}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** /predictions/:id (also /prediction/:id): the prediction, its forecast, the trajectory and the participants. */
export function PredictionPage() {
  const { id = '' } = useParams();
  const detail = usePredictionDetail(id);
  return (
    <QueryView
      query={detail}
      unavailable={
        <EmptyState
          title="Prediction not found."
          message="There is no such prediction."
          action={<ButtonLink to="/invest/predictions">Back to My Predictions</ButtonLink>}
        />
      }
    >
      {(data) => {
        const { prediction, forecast } = data;
        const outcome = predictionOutcome(prediction);
        return (
          <div className="ui-stack">
            <PageHeader
              title={forecastTitle(prediction)}
              subtitle={<Badge tone={outcome.tone}>{outcome.label}</Badge>}
            />
            <PredictionFacts prediction={prediction} />
            <ForecastFacts forecast={forecast} />
            <Trajectory detail={data} />
            <Participants detail={data} />
          </div>
        );
      }}
    </QueryView>
  );
}

function PredictionFacts({ prediction }: { prediction: PredictionDetail['prediction'] }) {
  return (
    <Card title="Your prediction">
      <dl className="ui-facts">
        <dt>Side</dt>
        <dd>{sideLabel(prediction.prediction_side)}</dd>
        <dt>Amount</dt>
        <dd>{formatMoney(prediction.prediction_amount)}</dd>
        <dt>Potential payout</dt>
        <dd>{formatMoney(prediction.potential_payout)}</dd>
        <dt>Paid</dt>
        <dd>{prediction.actual_payout === null ? 'Not settled yet' : formatMoney(prediction.actual_payout)}</dd>
        <dt>Placed</dt>
        <dd>
          <time dateTime={prediction.created_at}>{new Date(prediction.created_at).toLocaleString()}</time>
        </dd>
      </dl>
    </Card>
  );
}

function ForecastFacts({ forecast }: { forecast: PredictionDetail['forecast'] }) {
  return (
    <Card title="Forecast">
      <dl className="ui-facts">
        <dt>Metric</dt>
        <dd>{metricLabel[forecast.metric]}</dd>
        <dt>Target</dt>
        <dd>{formatBalance(forecast.target)}</dd>
        <dt>Current</dt>
        <dd>{forecast.current_value === null ? 'Not observed yet' : formatBalance(forecast.current_value)}</dd>
        <dt>Odds</dt>
        <dd>{forecast.odds}x</dd>
        <dt>Pool</dt>
        <dd>{formatMoney(forecast.pool_size)}</dd>
        <dt>Creator projection</dt>
        <dd>
          {forecast.creator_projection === null
            ? '-'
            : `${sideLabel(forecast.creator_side)} ${formatBalance(forecast.creator_projection)}`}
        </dd>
        <dt>Expires</dt>
        <dd>
          <time dateTime={forecast.expires_at}>
            {new Date(forecast.expires_at).toLocaleString()} ({formatTimeLeft(forecast.expires_at)})
          </time>
        </dd>
        <dt>Content</dt>
        <dd>
          <a href={forecast.content_url} target="_blank" rel="noreferrer noopener">
            {forecast.content_url}
          </a>
        </dd>
      </dl>
    </Card>
  );
}
