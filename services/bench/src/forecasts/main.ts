import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_FORECASTS_BENCHMARK, formatForecastsResults, runForecastsBenchmark } from './forecasts-benchmark';

/**
 * `npm run bench:forecasts -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server), one
 * forecast with BENCH_FORECAST_PREDICTIONS (10,000) stakes at BENCH_FORECAST_ODDS_TENTHS (25), settled and checked.
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_forecasts', async (databaseUrl) => {
    const options = {
      predictions: Number(process.env.BENCH_FORECAST_PREDICTIONS ?? DEFAULT_FORECASTS_BENCHMARK.predictions),
      oddsTenths: Number(process.env.BENCH_FORECAST_ODDS_TENTHS ?? DEFAULT_FORECASTS_BENCHMARK.oddsTenths),
    };
    const results = await runForecastsBenchmark({ ...options, databaseUrl }, (line) =>
      console.error(`[bench] ${line}`),
    );
    console.log(formatForecastsResults(results));
    if (!results.conserved || results.settleMs >= 10_000) process.exitCode = 1;
  });
}

runWhenScript(module, main);
