import type { ContentView } from '@app/contracts/content';
import { createContent } from '@app/platform/testing';
import type { Prediction, PredictionDetail, SocialForecast } from '@app/contracts/forecasts';

// Answers of the forecasts and content routes as the contracts name their fields; override what a test is about.

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

export function aForecast(overrides: Partial<SocialForecast> = {}): SocialForecast {
  return {
    id: 'f1',
    content_id: 'c1',
    platform: 'youtube',
    content_url: 'https://youtube.com/watch?v=abc',
    content_title: 'Sunset timelapse',
    content_platform: 'youtube',
    forecast_type: 'views',
    target_value: 1000,
    current_value: 500,
    odds: 2.5,
    expires_at: inDays(3.25),
    status: 'active',
    pool_size: 250,
    creator_id: 'u9',
    creator_name: 'Grace',
    creator_avatar: null,
    creator_side: 'over',
    creator_initial_amount: 100,
    total_over_amount: 200,
    total_under_amount: 50,
    over_count: 2,
    under_count: 1,
    participant_count: 3,
    resolved_value: null,
    winning_side: null,
    resolved_at: null,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function aPrediction(overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'p1',
    forecast_id: 'f1',
    content_id: 'c1',
    content_title: 'Sunset timelapse',
    content_url: 'https://youtube.com/watch?v=abc',
    platform: 'youtube',
    forecast_type: 'views',
    target_value: 1000,
    odds: 2.5,
    forecast_status: 'active',
    prediction_side: 'over',
    prediction_amount: 10,
    amount: 10,
    current_value: 500,
    potential_payout: 25,
    actual_payout: null,
    status: 'active',
    result: 'pending',
    is_creator_stake: false,
    expires_at: inDays(3.25),
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function aPredictionDetail(overrides: Partial<PredictionDetail> = {}): PredictionDetail {
  const forecast = aForecast();
  return {
    prediction: aPrediction(),
    forecast: {
      ...forecast,
      metric: forecast.forecast_type,
      target: forecast.target_value,
      creator_projection: forecast.target_value,
    },
    trajectory: [
      { date: '2026-11-25', actual: 120, expected: 100 },
      { date: '2026-11-26', actual: 500, expected: 400 },
      { date: '2026-11-27', actual: null, expected: 700 },
    ],
    participants: [
      { username: 'grace', side: 'over', amount: 100, status: 'active', result: 'pending' },
      { username: 'ada', side: 'under', amount: 10, status: 'active', result: 'pending' },
    ],
    ...overrides,
  };
}

/** A content item as the content routes answer it (the shared fixture, with this remote's defaults). */
export const aContent = (overrides: Partial<ContentView> = {}): ContentView =>
  createContent({
    id: 'c1',
    user_id: 'u9',
    creator_id: 'u9',
    creator_name: 'Grace',
    title: 'Sunset timelapse',
    description: null,
    ...overrides,
  });
