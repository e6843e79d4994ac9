import { TOP_EARNERS_PATH } from '@app/contracts/paths';
import type { TopEarner, TopEarnersResponse } from '@app/contracts/leaderboard';
import { ButtonLink, ErrorBox, SkeletonList, apiClient, formatBalance } from '@app/platform';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';

type StoriesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stories: TopEarnersResponse };

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isText = (value: unknown) => value === null || typeof value === 'string';

/** Checked by hand, as the statistics are: the landing page's first chunk carries no schema library. */
export function parseTopEarners(body: unknown): TopEarnersResponse {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const earners = Array.isArray(value.earners) ? (value.earners as Array<Record<string, unknown>>) : null;
  const valid =
    typeof value.month === 'string' &&
    earners !== null &&
    earners.every(
      (earner) =>
        typeof earner === 'object' &&
        earner !== null &&
        Number.isInteger(earner.rank) &&
        isText(earner.username) &&
        isText(earner.display_name) &&
        isText(earner.avatar_url) &&
        isAmount(earner.points_earned) &&
        isAmount(earner.gems_earned),
    );
  if (!valid) throw new Error(`Unexpected response from GET ${TOP_EARNERS_PATH}`);
  return value as unknown as TopEarnersResponse;
}

/** "December 2026" from "2026-12". */
function monthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, (monthNumber ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function earned(earner: TopEarner): string {
  const parts = [
    earner.points_earned > 0 ? `${formatBalance(earner.points_earned)} points` : null,
    earner.gems_earned > 0 ? `${formatBalance(earner.gems_earned)} gems` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `earned ${parts.join(' and ')}` : 'is climbing the board';
}

function Story({ earner, month }: { earner: TopEarner; month: string }) {
  const name = earner.display_name ?? earner.username ?? 'A member';
  return (
    <li className="ui-card" aria-label={`${name}, #${earner.rank}`}>
      <h3>
        #{earner.rank} {name}
      </h3>
      <p>
        {name} {earned(earner)} in {monthName(month)}.
      </p>
      {earner.username ? <Link to={`/users/${encodeURIComponent(earner.username)}`}>View profile</Link> : null}
    </li>
  );
}

/** The month's top earners from GET /api/leaderboard/top-earners: real people and what they earned, not sample text. */
export function SuccessStories() {
  const [state, setState] = useState<StoriesState>({ status: 'loading' });
  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ status: 'loading' });
    try {
      const stories = parseTopEarners(await apiClient().get(TOP_EARNERS_PATH, { signal }));
      if (!signal?.aborted) setState({ status: 'ready', stories });
    } catch (error) {
      if (!signal?.aborted)
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (state.status === 'loading') return <SkeletonList label="Loading success stories" />;
  if (state.status === 'error')
    return <ErrorBox message={`Failed to load success stories: ${state.message}`} onRetry={() => void load()} />;
  const { month, earners } = state.stories;
  if (earners.length === 0) {
    // Only a month with no rewards yet (its first hours): the next story is whoever earns first.
    return (
      <div className="ui-stack">
        <p>
          Nobody has earned rewards in {monthName(month)} yet: complete a drop today and this month's first story is
          yours.
        </p>
        <ButtonLink to="/auth" variant="secondary">
          Start Earning
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="ui-stack">
      <p>This month's top earners, live from the leaderboard:</p>
      <ol className="landing__steps" aria-label={`Top earners of ${monthName(month)}`}>
        {earners.map((earner) => (
          <Story key={earner.rank} earner={earner} month={month} />
        ))}
      </ol>
    </div>
  );
}
