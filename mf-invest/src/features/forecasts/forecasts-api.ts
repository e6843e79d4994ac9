import { apiClient, contentKeys, portfolioKeys } from '@app/platform';
import { idempotencyHeader, useMoneyMutation } from '@app/platform/app';
import {
  createForecastRoute,
  listForecastsRoute,
  myCreatedForecastsRoute,
  myPredictionsRoute,
  predictRoute,
  predictionDetailRoute,
  type CreateForecastRequest,
  type PredictRequest,
} from '@app/contracts/forecasts';
import { listContentRoute } from '@app/contracts/content';
import { useQuery } from '@tanstack/react-query';

// The forecasts context's calls (@app/contracts/forecasts). Keys live under the portfolio family (predictions are
// part of a portfolio), so one invalidation after a stake refreshes every list and detail that shows it.

export const forecastKeys = {
  all: [...portfolioKeys.all, 'forecasts'] as const,
  list: () => [...portfolioKeys.all, 'forecasts', 'all'] as const,
  created: () => [...portfolioKeys.all, 'forecasts', 'created'] as const,
  myPredictions: () => [...portfolioKeys.all, 'forecasts', 'my-predictions'] as const,
};

export function useForecasts() {
  return useQuery({
    queryKey: forecastKeys.list(),
    queryFn: async ({ signal }) => (await apiClient().call(listForecastsRoute, { signal })).forecasts,
  });
}

export function useCreatedForecasts() {
  return useQuery({
    queryKey: forecastKeys.created(),
    queryFn: async ({ signal }) => (await apiClient().call(myCreatedForecastsRoute, { signal })).forecasts,
  });
}

export function useMyPredictions() {
  return useQuery({
    queryKey: forecastKeys.myPredictions(),
    queryFn: async ({ signal }) => (await apiClient().call(myPredictionsRoute, { signal })).predictions,
  });
}

export function usePredictionDetail(id: string) {
  return useQuery({
    queryKey: portfolioKeys.prediction(id),
    queryFn: ({ signal }) => apiClient().call(predictionDetailRoute, { params: { id }, signal }),
  });
}

/** The Create Forecast content picker: the first 20 content items (spec 2 §5). */
export function useForecastContentChoices(limit: number) {
  return useQuery({
    queryKey: [...contentKeys.all, 'forecast-picker', limit] as const,
    queryFn: async ({ signal }) => (await apiClient().call(listContentRoute, { query: { limit }, signal })).items,
  });
}

/** A stake moves USD: every forecast view (under the portfolio keys) reloads after it, with the balances. */
const useStakeMutation = <Input, Output>(call: (input: Input, key: string) => Promise<Output>) =>
  useMoneyMutation(call, portfolioKeys.all);

export const useCreateForecast = () =>
  useStakeMutation((body: CreateForecastRequest, key) =>
    apiClient().call(createForecastRoute, { body, headers: idempotencyHeader(key) }),
  );

export const usePredict = () =>
  useStakeMutation(({ forecastId, ...body }: PredictRequest & { forecastId: string }, key) =>
    apiClient().call(predictRoute, { params: { id: forecastId }, body, headers: idempotencyHeader(key) }),
  );
