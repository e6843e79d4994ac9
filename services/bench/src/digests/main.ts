import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_DIGEST_BENCHMARK, formatDigestResults, runDigestBenchmark } from './digest-benchmark';

/**
 * `npm run bench:digests -w @app/bench`: the auditor digests on a fresh database: the tree of 1,000,000 events from
 * scratch, the incremental digest after 10,000 more, and proofs (BENCH_DIGEST_EVENTS, BENCH_DIGEST_NEW_EVENTS,
 * BENCH_DIGEST_PROOFS change the sizes). Goals (issue 47): incremental digest of 10,000 events under 1 s, a proof
 * under 10 ms.
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_digests', async (databaseUrl) => {
    const results = await runDigestBenchmark(
      {
        databaseUrl,
        initialEvents: Number(process.env.BENCH_DIGEST_EVENTS ?? DEFAULT_DIGEST_BENCHMARK.initialEvents),
        newEvents: Number(process.env.BENCH_DIGEST_NEW_EVENTS ?? DEFAULT_DIGEST_BENCHMARK.newEvents),
        proofs: Number(process.env.BENCH_DIGEST_PROOFS ?? DEFAULT_DIGEST_BENCHMARK.proofs),
      },
      (line) => console.error(`[bench] ${line}`),
    );
    console.log(formatDigestResults(results));
  });
}

runWhenScript(module, main);
