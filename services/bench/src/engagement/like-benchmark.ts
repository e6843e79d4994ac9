import { Pool } from 'undici';
import pg from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { projectionsCaughtUp, startApi, topologiesToRun, type RunningApi, type Topology } from '../api-process';
import { processCpuMs } from '../ledger/cpu-meter';
import { runFixedRate, type ScenarioResult } from '../ledger/ledger-benchmark';

export interface LikeBenchmarkOptions {
  databaseUrl: string;
  /** Users signed up through the API; each likes each item at most once. */
  users: number;
  /** Content items created through the API. */
  items: number;
  clients: number;
  ratePerSecond: number;
  rateSeconds: number;
}

/** Items liked before the measured run, at WARM_UP_RATE, to compile the hot paths (80 % of their pairs). */
const WARM_UP_ITEMS = 4;
const WARM_UP_RATE = 800;

export const DEFAULT_LIKE_BENCHMARK: Omit<LikeBenchmarkOptions, 'databaseUrl'> = { users: 1_000, items: 12, clients: 64, ratePerSecond: 1_000, rateSeconds: 10 };

export interface HotItemResult {
  likers: number;
  accepted: number;
  refused: number;
  failed: number;
  seconds: number;
  likesCounted: number;
  secondLikesRefused: number;
}

/**
 * The like command (`POST /api/users/social-action`, action like) over HTTP against the whole application in its own
 * process: (1) at a fixed offered rate, every request a fresh (user, item) pair, latency from the scheduled send;
 * (2) one hot item liked by every user at once, then every user again: each like counted exactly once (the item's
 * inline count equals the accepted likes, every second like is a 409).
 */
export async function runLikeBenchmark(options: LikeBenchmarkOptions, log: (line: string) => void): Promise<{ fixedRate: ScenarioResult[]; hot: HotItemResult }> {
  const topologies = topologiesToRun();
  const database = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const eventStore = new PostgresEventStore(database, { notifications: false });
  let api: RunningApi | undefined;
  let http: Pool | undefined;
  const call = async (path: string, token: string | null, body: unknown) => {
    const response = await http!.request({
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text };
  };
  const deploy = async (topology: Topology) => {
    await http?.close();
    await api?.stop();
    api = await startApi(options.databaseUrl, topology, log);
    http = new Pool(api.base, { connections: options.clients, pipelining: 1 });
  };
  try {
    await deploy(topologies[0]!);
    log(`signing up ${options.users} users`);
    const tokens: string[] = new Array(options.users);
    let nextUser = 0;
    const run = Date.now().toString(36);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (nextUser < options.users) {
          const index = nextUser++;
          const signedUp = await call('/api/auth/signup', null, { email: `like${run}${index}@example.com`, password: 'correct horse battery', username: `like_${run}_${index}` });
          if (signedUp.status !== 201) throw new Error(`Sign-up failed: ${signedUp.status} ${signedUp.body}`);
          tokens[index] = (JSON.parse(signedUp.body) as { token: string }).token;
        }
      }),
    );
    const createItems = async (count: number, label: string) => {
      const itemIds: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const created = await call('/api/content', tokens[index % tokens.length]!, {
          platform: 'tiktok',
          title: `Like benchmark item ${label} ${index}`,
          description: 'Seeded for the like benchmark',
          platform_url: `https://example.com/like/${label}/${index}`,
          total_shares: Number(process.env.BENCH_LIKE_TOTAL_SHARES ?? 1000),
        });
        if (created.status !== 201) throw new Error(`Creating content failed: ${created.status} ${created.body}`);
        itemIds.push((JSON.parse(created.body) as { contentId: string }).contentId);
      }
      return itemIds;
    };

    const fixedRate: ScenarioResult[] = [];
    for (const [position, topology] of topologies.entries()) {
      if (position > 0) await deploy(topology);
      log(`${topology}: creating ${options.items} content items and ${WARM_UP_ITEMS} to warm up on`);
      // Items of their own per deployment: every like of a run is a fresh (user, item) pair.
      const itemIds = await createItems(options.items, `${position}`);
      const warmItemIds = await createItems(WARM_UP_ITEMS, `${position}-warm-up`);
      // Fresh (user, item) pairs in order: user-major, so consecutive requests come from different users.
      const likesOf = (items: string[]) => {
        let nextPair = 0;
        const pairs = options.users * items.length;
        return async (): Promise<boolean> => {
          const pair = nextPair++;
          if (pair >= pairs) return false;
          const response = await call('/api/users/social-action', tokens[pair % options.users]!, { action_type: 'like', reference_id: items[Math.floor(pair / options.users)]!, reference_type: 'content' });
          return response.status === 200;
        };
      };
      const like = likesOf(itemIds);
      // Warm-up on items of its own, not measured: a server that has run a while has compiled its hot paths, while
      // the first thousands of likes compile them (TurboFan took ~16 % of the API's CPU in the first 6 s of a cold
      // run at 1,000/s, ~2 % after). Then the projections catch up, so the measured run is not charged for it.
      const warmRate = Math.min(WARM_UP_RATE, options.ratePerSecond);
      await runFixedRate('warm-up', options.clients, (options.users * WARM_UP_ITEMS * 0.8) / warmRate, warmRate, likesOf(warmItemIds));
      await projectionsCaughtUp(database, eventStore);
      log(`${topology}: likes at ${options.ratePerSecond}/s offered for ${options.rateSeconds} s`);
      const cpu = { API: processCpuMs(api!.apiPid), ...(api!.workerPid ? { worker: processCpuMs(api!.workerPid) } : {}) };
      fixedRate.push(await runFixedRate(`like at ${options.ratePerSecond}/s, ${topology}`, options.clients, options.rateSeconds, options.ratePerSecond, like, cpu));
    }

    log(`${options.users} users like one hot item at once`);
    const [hotItem] = await createItems(1, 'hot');
    const hotLike = (token: string) => call('/api/users/social-action', token, { action_type: 'like', reference_id: hotItem, reference_type: 'content' });
    const started = performance.now();
    const first = await Promise.all(tokens.map(hotLike));
    const seconds = (performance.now() - started) / 1000;
    const second = await Promise.all(tokens.map(hotLike));
    const counted = await database.query<{ likes: number }>('SELECT count(*)::int AS likes FROM engagement_user_content WHERE content_id = $1 AND liked_at IS NOT NULL', [hotItem]);
    return {
      fixedRate,
      hot: {
        likers: tokens.length,
        accepted: first.filter((response) => response.status === 200).length,
        refused: first.filter((response) => response.status === 409).length,
        failed: first.filter((response) => response.status !== 200 && response.status !== 409).length,
        seconds,
        likesCounted: counted.rows[0]?.likes ?? 0,
        secondLikesRefused: second.filter((response) => response.status === 409).length,
      },
    };
  } finally {
    await http?.close();
    await api?.stop();
    await database.end();
  }
}

export function formatLikeResults(results: { fixedRate: ScenarioResult[]; hot: HotItemResult }, options: Omit<LikeBenchmarkOptions, 'databaseUrl'>): string {
  const { hot } = results;
  return [
    `Like benchmark (POST /api/users/social-action): ${options.users} users, ${options.items} items per deployment, ${options.clients} clients`,
    '',
    'scenario                                                         answered/s   p50 ms   p99 ms   max ms  answered  refused  CPU ms/req: API  worker',
    ...results.fixedRate.map(
      (r) =>
        `${r.name.padEnd(64)} ${r.commandsPerSecond.toFixed(0).padStart(11)} ${r.p50Ms.toFixed(1).padStart(8)} ${r.p99Ms.toFixed(1).padStart(8)} ${r.maxMs.toFixed(1).padStart(8)} ${String(r.commands).padStart(9)} ${String(
          r.refused,
        ).padStart(8)} ${(r.cpuMsPerCommand.API?.toFixed(2) ?? '-').padStart(15)} ${(r.cpuMsPerCommand.worker?.toFixed(2) ?? '-').padStart(7)}`,
    ),
    '',
    `Hot item: ${hot.likers} users liked it at once in ${hot.seconds.toFixed(2)} s: ${hot.accepted} accepted, ${hot.refused} refused, ${hot.failed} failed; counted ${hot.likesCounted}; a second like refused ${hot.secondLikesRefused} times.`,
    `Exactly once: ${hot.accepted === hot.likers && hot.likesCounted === hot.likers && hot.secondLikesRefused === hot.likers ? 'yes' : 'NO'}`,
    '',
    'Target (issue 21): ≥ 1,000 likes/s with p99 < 50 ms; 1,000 concurrent likes on one hot item counted exactly once.',
  ].join('\n');
}
