import { Card, ErrorBox, Skeleton, formatBalance } from '@app/platform';
import { XP_PER_LEVEL, useProgress } from '../api/progress';

/** The profile's level card: level, XP within the level and XP still needed for the next. */
export function LevelProgressCard() {
  const progress = useProgress();
  if (progress.isPending) {
    return (
      <Card title="Level">
        <Skeleton height="2.5rem" />
      </Card>
    );
  }
  if (progress.isError) {
    return (
      <Card title="Level">
        <ErrorBox message={`Failed to load data: ${progress.error.message}`} onRetry={() => void progress.refetch()} />
      </Card>
    );
  }
  const { level, xp_points: xp, level_start_xp: start, next_level_xp: next, xp_to_next_level: toNext } = progress.data;
  const intoLevel = xp - start;
  return (
    <Card title={`Level ${level}`}>
      <div className="account-progress">
        <progress
          className="account-progress__bar"
          max={next - start || XP_PER_LEVEL}
          value={intoLevel}
          aria-label={`Level ${level} progress`}
          aria-valuetext={`${intoLevel} of ${next - start} XP`}
        />
        <span>
          {formatBalance(xp)} XP · {formatBalance(toNext)} XP to level {level + 1}
        </span>
        <small className="ui-muted">
          Level {level} runs from {formatBalance(start)} to {formatBalance(next)} XP.
        </small>
      </div>
    </Card>
  );
}

/** The header's compact level ('Lv 3'); nothing until the figures are known. */
export function LevelChip() {
  const progress = useProgress();
  if (!progress.data) return null;
  const { level, xp_to_next_level: toNext } = progress.data;
  return (
    <span className="level-chip" title={`${formatBalance(toNext)} XP to level ${level + 1}`}>
      <span className="level-chip__label">Lv </span>
      {level}
      <span className="ui-visually-hidden">
        {' '}
        (level {level}, {formatBalance(toNext)} XP to level {level + 1})
      </span>
    </span>
  );
}
