import { apiClient, contentKeys, portfolioKeys, refreshMoneyViews, useIdempotencyKey, useSession } from '@app/platform';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

/**
 * A stake moves USD: one Idempotency-Key per intended stake (a double click or retry stakes once), then every
 * forecast view, the balances and the session's USD figure refresh.
 */
function useStakeMutation<Input, Output>(call: (input: Input, key: string) => Promise<Output>) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: (input: Input) => call(input, idempotency.key()),
    onSuccess: async () => {
      idempotency.renew();
      void refresh();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
        refreshMoneyViews(queryClient),
      ]);
    },
  });
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

export const useCreateForecast = () =>
  useStakeMutation((body: CreateForecastRequest, key) =>
    apiClient().call(createForecastRoute, { body, headers: keyed(key) }),
  );

export const usePredict = () =>
  useStakeMutation(({ forecastId, ...body }: PredictRequest & { forecastId: string }, key) =>
    apiClient().call(predictRoute, { params: { id: forecastId }, body, headers: keyed(key) }),
  );
