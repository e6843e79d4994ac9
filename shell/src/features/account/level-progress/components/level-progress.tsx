import { Card, formatBalance, useSession } from '@app/platform';
import '../../shared/account.css';
import { XP_PER_LEVEL, userLevelProgress } from '../hooks/level-progress';

/** The profile's level card: level, XP within the level and XP still needed for the next. */
export function LevelProgressCard() {
  const { user } = useSession();
  const progress = userLevelProgress(user);
  if (!progress) return null;
  return (
    <Card title={`Level ${progress.level}`}>
      <div className="account-progress">
        <progress
          className="account-progress__bar"
          max={XP_PER_LEVEL}
          value={progress.xpIntoLevel}
          aria-label={`Level ${progress.level} progress`}
          aria-valuetext={`${progress.xpIntoLevel} of ${XP_PER_LEVEL} XP`}
        />
        <span>
          {formatBalance(progress.xp)} XP · {formatBalance(progress.xpToNextLevel)} XP to level {progress.level + 1}
        </span>
        <small className="ui-muted">
          Level {progress.level} runs from {formatBalance(progress.levelStartXp)} to {formatBalance(progress.nextLevelXp)} XP.
        </small>
      </div>
    </Card>
  );
}

/** The header's compact level: 'Lv 3' with a thin bar. */
export function LevelChip() {
  const { user } = useSession();
  const progress = userLevelProgress(user);
  if (!progress) return null;
  return (
    <span className="level-chip" title={`${formatBalance(progress.xpToNextLevel)} XP to level ${progress.level + 1}`}>
      <span className="level-chip__label">Lv </span>
      {progress.level}
      <span className="ui-visually-hidden">
        {' '}
        (level {progress.level}, {formatBalance(progress.xpToNextLevel)} XP to level {progress.level + 1})
      </span>
    </span>
  );
}
