import { Badge, ButtonLink, apiClient, formatCount, formatMoney, portfolioKeys } from '@app/platform';
import { TrendingUp } from '@app/platform/icons';
import { useQuery } from '@tanstack/react-query';
import { listForecastsRoute, type SocialForecast } from '@app/contracts/forecasts';

/** At most this many forecast cards head the For You tab: the tab stays a mix, the Investment Hub has them all. */
export const FEED_FORECASTS_MAX = 3;

const METRIC: Record<SocialForecast['forecast_type'], string> = {
  views: 'views',
  likes: 'likes',
  shares: 'shares',
  comments: 'comments',
};

/**
 * Open forecasts (active, not yet expired), soonest expiry first, as `listForecastsRoute` lists them (status active).
 */
export function useFeedForecasts(now: Date = new Date()) {
  return useQuery({
    queryKey: [...portfolioKeys.all, 'forecasts', 'feed'] as const,
    queryFn: async ({ signal }) =>
      (await apiClient().call(listForecastsRoute, { query: { status: 'active' }, signal })).forecasts,
    select: (forecasts) =>
      forecasts
        .filter((forecast) => forecast.status === 'active' && new Date(forecast.expires_at).getTime() > now.getTime())
        .slice(0, FEED_FORECASTS_MAX),
  });
}

/** Days and hours left when over a day, else hours and minutes (spec 2 §9). */
function timeLeft(expiresAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours >= 24 ? `${Math.floor(hours / 24)}d ${hours % 24}h left` : `${hours}h ${minutes % 60}m left`;
}

/** One real forecast: its metric and target, the latest observation, odds, pool, the creator's side and stake. */
export function ForecastCard({ forecast, now = new Date() }: { forecast: SocialForecast; now?: Date }) {
  const title = forecast.content_title ?? forecast.content_url;
  return (
    <article className="feed-card" aria-label={`Forecast: ${title}`}>
      <div className="feed-card__body">
        <div className="ui-row">
          <Badge tone="accent">
            <TrendingUp size={12} /> Forecast
          </Badge>
          <Badge>{forecast.odds}x odds</Badge>
        </div>
        <h3 className="feed-card__title">{title}</h3>
        <p>
          {formatCount(forecast.target_value)} {METRIC[forecast.forecast_type]} target · now{' '}
          {forecast.current_value === null ? 'not observed yet' : formatCount(forecast.current_value)}
        </p>
        <p className="ui-muted">
          Pool {formatMoney(forecast.pool_size)} · {forecast.creator_name ?? 'The creator'} staked{' '}
          {formatMoney(forecast.creator_initial_amount)} on {forecast.creator_side} ·{' '}
          {timeLeft(forecast.expires_at, now)}
        </p>
        <ButtonLink to="/invest/social-forecasts" size="small" variant="secondary">
          Predict
        </ButtonLink>
      </div>
    </article>
  );
}

/** The For You tab's forecast strip; nothing at all while loading, on failure, or when no forecast is open. */
export function FeedForecasts() {
  const forecasts = useFeedForecasts();
  if (!forecasts.data || forecasts.data.length === 0) return null;
  return (
    <section className="ui-stack" aria-label="Open forecasts">
      <h2 className="feed-section__title">Open forecasts</h2>
      <ul className="feed-list">
        {forecasts.data.map((forecast) => (
          <li key={forecast.id}>
            <ForecastCard forecast={forecast} />
          </li>
        ))}
      </ul>
    </section>
  );
}
