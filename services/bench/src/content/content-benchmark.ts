import { Pool } from 'undici';
import { openDatabase, PostgresEventStore, type AppendToStream } from '@app/event-store';
import { projectionsCaughtUp, startApi, type RunningApi } from '../api-process';
import { processCpuMs } from '../load/cpu-meter';
import { cpuColumn, runFixedRate, scenarioColumns, type ScenarioResult } from '../load/load-runners';

export interface ContentBenchmarkOptions {
  databaseUrl: string;
  /** Content items created (through the API, as users create them). */
  items: number;
  /** Likes recorded (as the engagement context records them), spread over the items. */
  likes: number;
  /** Clients that offer the fixed rate together (one request in flight each). */
  clients: number;
  ratePerSecond: number;
  rateSeconds: number;
}

export const DEFAULT_CONTENT_BENCHMARK: Omit<ContentBenchmarkOptions, 'databaseUrl'> = {
  items: 10_000,
  likes: 100_000,
  clients: 32,
  ratePerSecond: 500,
  rateSeconds: 30,
};

const WRITERS = 8;

/**
 * `GET /api/content` and the For You feed at a fixed offered rate (wrk2-style, latency from the scheduled send) over
 * HTTP against the whole application in its own process, after seeding `items` content items through
 * `POST /api/content` and `likes` likes as the engagement context's `SocialActionRecorded` events (folded by content's
 * engagement projection before measuring). Scenarios: the first page; random deeper pages by cursor; For You.
 */
export async function runContentBenchmark(
  options: ContentBenchmarkOptions,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, maxConnections: 4 });
  const eventStore = await PostgresEventStore.open(database);
  let api: RunningApi | undefined;
  try {
    api = await startApi(options.databaseUrl, 'one process', log);
    const http = new Pool(api.base, { connections: Math.max(options.clients, WRITERS), pipelining: 1 });
    const call = httpCaller(http);

    log(`signing up ${WRITERS} creators and creating ${options.items} content items through POST /api/content`);
    const tokens = await signUpCreators(api.base);
    const seedStarted = performance.now();
    const contentIds = await createContentItems(call, tokens, options.items);
    log(`created ${contentIds.length} items in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    log(`recording ${options.likes} likes as SocialActionRecorded events`);
    await recordLikes(eventStore, contentIds, options.likes);
    log('waiting for the projections to fold everything');
    await projectionsCaughtUp(database.pool, eventStore);

    const cursors = await pageCursors(call, tokens[0]!);
    const results = await measureScenarios(call, tokens, cursors, api, options, log);
    await http.close();
    return results;
  } finally {
    await api?.stop();
    await eventStore.close();
    await database.close();
  }
}

type Call = (
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
) => Promise<{ status: number; body: string }>;

/** One authenticated request over the benchmark's connection pool: its status and body text. */
function httpCaller(http: Pool): Call {
  return async (method, path, token, body) => {
    const response = await http.request({
      path,
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text };
  };
}

/** Signs up the WRITERS creators; their session tokens. */
async function signUpCreators(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let writer = 0; writer < WRITERS; writer += 1) {
    const suffix = `${Date.now().toString(36)}${writer}`;
    const response = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `content${suffix}@example.com`,
        password: 'correct horse battery',
        username: `content_${suffix}`,
      }),
    });
    if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
    tokens.push(((await response.json()) as { token: string }).token);
  }
  return tokens;
}

/** Creates `items` content items through POST /api/content, one writer per token; their ids. */
async function createContentItems(call: Call, tokens: string[], items: number): Promise<string[]> {
  const platforms = ['instagram', 'tiktok', 'youtube', 'twitter', 'linkedin'];
  const contentIds: string[] = [];
  let next = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (next < items) {
        const index = next++;
        const created = await call('POST', '/api/content', token, {
          platform: platforms[index % platforms.length],
          title: `Benchmark item ${index}`,
          description: `Seeded item number ${index} for the content benchmark`,
          platform_url: `https://example.com/post/${index}`,
          total_shares: 100 + (index % 900),
        });
        if (created.status !== 201) throw new Error(`Creating content failed: ${created.status} ${created.body}`);
        contentIds.push((JSON.parse(created.body) as { contentId: string }).contentId);
      }
    }),
  );
  return contentIds;
}

/** Appends `likes` likes as the engagement context records them, 1,000 streams an append. */
async function recordLikes(eventStore: PostgresEventStore, contentIds: string[], likes: number): Promise<void> {
  for (let start = 0; start < likes; start += 1_000) {
    const appends: AppendToStream[] = [];
    for (let index = start; index < Math.min(likes, start + 1_000); index += 1) {
      const contentId = contentIds[index % contentIds.length]!;
      const userId = `bench-fan-${Math.floor(index / contentIds.length)}`;
      appends.push({
        streamId: `engagement-${contentId}-${userId}`,
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'SocialActionRecorded',
            data: {
              contentId,
              userId,
              actionType: 'like',
              pointsMinor: '1',
              engagementShares: 0,
              transactionId: null,
              at: new Date().toISOString(),
            },
          },
        ],
      });
    }
    await eventStore.append(appends);
  }
}

/** The cursors of up to 50 pages of 20, for the random-page scenario. */
async function pageCursors(call: Call, reader: string): Promise<string[]> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const answer = await call('GET', `/api/content?limit=20${cursor ? `&cursor=${cursor}` : ''}`, reader);
    cursor = (JSON.parse(answer.body) as { next_cursor: string | null }).next_cursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  return cursors;
}

/** Warms every scenario up, then offers each its fixed rate and measures it. */
async function measureScenarios(
  call: Call,
  tokens: string[],
  cursors: string[],
  api: RunningApi,
  options: ContentBenchmarkOptions,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const transportErrors = new Map<string, number>();
  const get = (path: () => string) => async (client: number) => {
    try {
      return (await call('GET', path(), tokens[client % tokens.length]!)).status === 200;
    } catch (error) {
      // A lost connection counts as refused and is reported, rather than ending the whole run.
      const message = error instanceof Error ? error.message : String(error);
      transportErrors.set(message, (transportErrors.get(message) ?? 0) + 1);
      return false;
    }
  };
  const scenarios: Array<[string, (client: number) => Promise<boolean>]> = [
    // What the machine serves at that moment with no content work at all: the ceiling the others are read against.
    ['GET /api/health/live (baseline, no content work)', get(() => '/api/health/live')],
    ['GET /api/content (first page of 20)', get(() => '/api/content?limit=20')],
    [
      'GET /api/content (random page of 20 by cursor)',
      get(() => `/api/content?limit=20&cursor=${cursors[Math.floor(Math.random() * cursors.length)]}`),
    ],
    ['GET /api/feed?tab=for-you', get(() => '/api/feed?tab=for-you')],
  ];
  const cpu = { API: processCpuMs(api.apiPid) };
  const results: ScenarioResult[] = [];
  // Warm-up, not measured: the first requests compile the hot paths.
  for (const [, request] of scenarios)
    await runFixedRate('warm-up', options.clients, 2, Math.min(options.ratePerSecond, 200), request);
  for (const [name, request] of scenarios) {
    log(`${name} at ${options.ratePerSecond}/s offered for ${options.rateSeconds} s`);
    const label = `${name} at ${options.ratePerSecond}/s`;
    results.push(await runFixedRate(label, options.clients, options.rateSeconds, options.ratePerSecond, request, cpu));
    for (const [message, count] of transportErrors) log(`${count} request(s) failed: ${message} (counted as refused)`);
    transportErrors.clear();
  }
  return results;
}

export function formatContentResults(
  results: ScenarioResult[],
  options: Omit<ContentBenchmarkOptions, 'databaseUrl'>,
): string {
  const lines = [
    `Content benchmark: ${options.items} items, ${options.likes} likes, ${options.clients} clients, ` +
      `${options.ratePerSecond}/s offered for ${options.rateSeconds} s each`,
    '',
    'scenario                                                         answered/s   p50 ms   p99 ms   max ms  ' +
      'answered  refused   CPU ms/req: machine  PostgreSQL     API',
  ];
  const cpu = (result: ScenarioResult, label: string) =>
    cpuColumn(result, label, label === 'machine' ? 20 : label === 'API' ? 8 : 12);
  for (const result of results) {
    const columns = scenarioColumns(result, { name: 64, rate: 11, commands: 9 });
    lines.push(`${columns.join(' ')} ${cpu(result, 'machine')}${cpu(result, 'PostgreSQL')}${cpu(result, 'API')}`);
  }
  lines.push('', 'Target (issue 21): p99 < 25 ms at 500 requests/s offered.');
  return lines.join('\n');
}
