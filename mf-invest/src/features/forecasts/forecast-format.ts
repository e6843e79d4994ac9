import type { Prediction, SocialForecast } from '@app/contracts/forecasts';
import { parseDecimalToMinor } from '@app/contracts/ledger';

/**
 * Time left until `expiresAt` (spec 2 §9): days and hours when over 24 hours, else hours and minutes; 'Expired'
 * once it has passed.
 */
export function formatTimeLeft(expiresAt: string, now: Date = new Date()): string {
  const milliseconds = new Date(expiresAt).getTime() - now.getTime();
  if (!(milliseconds > 0)) return 'Expired';
  const minutes = Math.floor(milliseconds / 60_000);
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)}d ${hours % 24}h left`;
  return `${hours}h ${minutes % 60}m left`;
}

/** Spec 2 §4: an active forecast whose expires_at has passed shows no predict button. */
export function takesPredictions(
  forecast: Pick<SocialForecast, 'status' | 'expires_at'>,
  now: Date = new Date(),
): boolean {
  return forecast.status === 'active' && new Date(forecast.expires_at).getTime() > now.getTime();
}

/**
 * What a prediction's badge says (spec 2 §4): a resolved one is Won when it was paid more than 0, otherwise Lost; a
 * settled one with a result shows the result; otherwise its status (an expired forecast waits for its observation).
 */
export function predictionOutcome(
  prediction: Pick<Prediction, 'forecast_status' | 'actual_payout' | 'status' | 'result'>,
): { label: string; tone: 'success' | 'danger' | 'neutral' | 'warning' } {
  if (prediction.forecast_status === 'resolved')
    return (prediction.actual_payout ?? 0) > 0 ? { label: 'Won', tone: 'success' } : { label: 'Lost', tone: 'danger' };
  if (prediction.status === 'settled' && prediction.result !== 'pending')
    return prediction.result === 'won' ? { label: 'Won', tone: 'success' } : { label: 'Lost', tone: 'danger' };
  if (prediction.forecast_status === 'expired') return { label: 'Awaiting result', tone: 'warning' };
  return { label: prediction.status === 'active' ? 'Active' : prediction.status, tone: 'neutral' };
}

export const sideLabel = (side: 'over' | 'under') => (side === 'over' ? 'Over' : 'Under');

export const metricLabel: Record<SocialForecast['forecast_type'], string> = {
  views: 'Views',
  likes: 'Likes',
  shares: 'Shares',
  comments: 'Comments',
};

/** A forecast's name on screen: its content's title, else the URL it follows. */
export const forecastTitle = (forecast: Pick<SocialForecast, 'content_title' | 'content_url'>) =>
  forecast.content_title ?? forecast.content_url;

/** Potential payout = stake × odds (spec 2 §9), to the cent for display; the server computes the exact figure. */
export function potentialPayout(stake: number, odds: number): number {
  return Number.isFinite(stake) && stake > 0 ? Math.round(stake * odds * 10_000) / 10_000 : 0;
}

/** A balance as the session holds it (decimal text or a JSON number) in exact USD minor units; 0 when unknown. */
export function usdMinor(balance: unknown): bigint {
  return (
    (typeof balance === 'string' || typeof balance === 'number' ? parseDecimalToMinor(balance, 'usd') : null) ?? 0n
  );
}
