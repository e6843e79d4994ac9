import { EmptyState, PageHeader, SkeletonList, apiClient, formatBalance } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

type Period = 'daily' | 'weekly' | 'monthly';
const periods: { value: Period; label: string }[] = [
  { value: 'daily', label: 'Today' },
  { value: 'weekly', label: 'This Week' },
  { value: 'monthly', label: 'This Month' },
];

/** Composite score weights (spec 1 §9). */
export const scoreWeights = { points: 0.25, gems: 0.4, keys: 0.15, gold: 0.2 } as const;

const amount = z.union([z.number(), z.string()]).optional().nullable().transform((value) => Number(value ?? 0));
const entrySchema = z
  .object({
    user_id: z.union([z.string(), z.number()]).optional().nullable(),
    username: z.string().optional().nullable(),
    display_name: z.string().optional().nullable(),
    rank: z.number().optional().nullable(),
    score: z.union([z.number(), z.string()]).optional().nullable(),
    points: amount,
    gems: amount,
    keys: amount,
    gold: amount,
  })
  .loose();
const leaderboardSchema = z.union([z.array(entrySchema), z.object({ entries: z.array(entrySchema) }).transform((body) => body.entries)]);
type Entry = z.output<typeof entrySchema>;

export function compositeScore(entry: Pick<Entry, 'points' | 'gems' | 'keys' | 'gold'>): number {
  return entry.points * scoreWeights.points + entry.gems * scoreWeights.gems + entry.keys * scoreWeights.keys + entry.gold * scoreWeights.gold;
}

const rankIcons = ['🥇', '🥈', '🥉'];

function PeriodBoard({ period }: { period: Period }) {
  const query = useQuery({
    queryKey: ['leaderboard', period],
    // A failed load is silent (spec 1 §8): it reads as an empty leaderboard.
    queryFn: async ({ signal }) => apiClient().get(`/api/leaderboard/${period}`, { schema: leaderboardSchema, signal }).catch(() => [] as Entry[]),
  });
  if (query.isPending) return <SkeletonList rows={5} label="Loading rankings" />;
  const entries = query.data ?? [];
  if (entries.length === 0) return <EmptyState title="No Rankings Yet" message="Rankings appear once people earn in this period." icon="♛" />;
  const scored = entries.map((entry, index) => ({ ...entry, position: entry.rank ?? index + 1, composite: entry.score !== undefined && entry.score !== null ? Number(entry.score) : compositeScore(entry) }));
  const totals = scored.reduce((sum, entry) => ({ points: sum.points + entry.points, gems: sum.gems + entry.gems, keys: sum.keys + entry.keys, gold: sum.gold + entry.gold }), { points: 0, gems: 0, keys: 0, gold: 0 });
  return (
    <div className="leaderboard">
      <ol className="ui-list" aria-label="Rankings">
        {scored.map((entry) => (
          <li key={`${entry.position}-${entry.username ?? entry.user_id}`} className="ui-list__item">
            <span>
              <span aria-hidden="true">{rankIcons[entry.position - 1] ?? `#${entry.position}`}</span>{' '}
              <span className="ui-visually-hidden">Rank {entry.position}: </span>
              {entry.display_name ?? entry.username ?? 'Anonymous'}
            </span>
            <strong>{entry.composite.toFixed(1)}</strong>
          </li>
        ))}
      </ol>
      <aside className="ui-card" aria-label="Totals">
        <h2 className="ui-card__title">Totals</h2>
        <p>{scored.length} ranked</p>
        <p>
          {formatBalance(String(totals.points))} points · {formatBalance(String(totals.gems))} gems · {formatBalance(String(totals.keys))} keys · {formatBalance(String(totals.gold))} gold
        </p>
      </aside>
    </div>
  );
}

export default function LeaderboardPage() {
  return (
    <div className="ui-stack">
      <PageHeader title="Leaderboard" subtitle="Score = points × 0.25 + gems × 0.40 + keys × 0.15 + gold × 0.20" />
      <Tabs label="Period" items={periods.map((period) => ({ value: period.value, label: period.label, content: <PeriodBoard period={period.value} /> }))} />
    </div>
  );
}
