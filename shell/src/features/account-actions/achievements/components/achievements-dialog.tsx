import {
  Badge,
  Button,
  EmptyState,
  ErrorBox,
  SkeletonList,
  errorMessage,
  formatBalance,
  userKeys,
  useSession,
} from '@app/platform';
import { Dialog, Tabs, useToast } from '@app/platform/app';
import { Trophy } from '@app/platform/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Achievement,
  type AchievementDefinition,
  type LoadedAchievements,
  achievementState,
  claimAchievement,
  useAchievements,
} from '../api/achievements';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface AchievementsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Achievements by category: locked with progress, claimable, or completed; a claim pays gold and XP once. */
export default function AchievementsDialog({ open, onOpenChange }: AchievementsDialogProps) {
  const achievements = useAchievements(open);
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const claim = useMutation({
    // The key is the achievement: a repeated claim of the same one is the same request.
    mutationFn: (achievement: Achievement) => claimAchievement(achievement.id, `achievement-claim-${achievement.id}`),
    onMutate: () => setError(null),
    onSuccess: async (result, achievement) => {
      toast.show({
        title: `Achievement unlocked: ${achievement.name}`,
        description: `+${formatBalance(result.gold_reward)} gold · +${formatBalance(result.xp_gained)} XP`,
        variant: 'success',
        durationMilliseconds: 4000,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.achievements() }),
        queryClient.invalidateQueries({ queryKey: userKeys.progress() }),
        refresh(),
      ]);
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to claim achievement')),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Achievements"
      description="Complete goals to earn gold and XP."
    >
      {error ? <ErrorBox message={error} /> : null}
      {achievements.isPending ? (
        <SkeletonList rows={3} label="Loading achievements" />
      ) : (
        <AchievementTabs
          loaded={achievements.data!}
          claimingId={claim.isPending ? claim.variables?.id : undefined}
          onClaim={(achievement) => claim.mutate(achievement)}
        />
      )}
    </Dialog>
  );
}

function AchievementTabs({
  loaded,
  claimingId,
  onClaim,
}: {
  loaded: LoadedAchievements;
  claimingId?: string;
  onClaim(achievement: Achievement): void;
}) {
  const list: readonly AchievementDefinition[] = loaded.achievements;
  if (list.length === 0)
    return (
      <EmptyState
        title="No achievements yet"
        message="Achievements appear here as they become available."
        icon={<Trophy size={40} />}
      />
    );
  const categories = [...new Set(list.map((achievement) => achievement.category))];
  const grid = (items: readonly AchievementDefinition[]) => (
    <ul className="account-grid">
      {items.map((achievement) =>
        loaded.builtIn ? (
          <BuiltInCard key={achievement.id} achievement={achievement} />
        ) : (
          <AchievementCard
            key={achievement.id}
            achievement={achievement as Achievement}
            claiming={claimingId === achievement.id}
            onClaim={onClaim}
          />
        ),
      )}
    </ul>
  );
  return (
    <>
      {loaded.builtIn ? (
        <p className="account-notice">
          Your progress could not be loaded. These are the achievements you can earn; try again later to claim them.
        </p>
      ) : null}
      <Tabs
        label="Achievement categories"
        items={[
          { value: 'all', label: 'All', content: grid(list) },
          ...categories.map((category) => ({
            value: category,
            label: capitalise(category),
            content: grid(list.filter((achievement) => achievement.category === category)),
          })),
        ]}
      />
    </>
  );
}

function Rewards({ achievement }: { achievement: Pick<Achievement, 'gold_reward' | 'xp_reward'> }) {
  return (
    <p className="ui-muted">
      Reward: {formatBalance(achievement.gold_reward)} gold · {formatBalance(achievement.xp_reward)} XP
    </p>
  );
}

function AchievementCard({
  achievement,
  claiming,
  onClaim,
}: {
  achievement: Achievement;
  claiming: boolean;
  onClaim(achievement: Achievement): void;
}) {
  const state = achievementState(achievement);
  const shown = Math.min(achievement.progress, achievement.criteria_value);
  return (
    <li className={`account-item ${state === 'completed' ? 'account-item--done' : ''}`} aria-label={achievement.name}>
      <h3 className="account-item__title">
        <span aria-hidden="true">{achievement.icon}</span> {achievement.name}
      </h3>
      <p>{achievement.description}</p>
      <Rewards achievement={achievement} />
      <div className="account-progress">
        <progress
          className="account-progress__bar"
          max={achievement.criteria_value}
          value={shown}
          aria-label={`${achievement.name} progress`}
        />
        <small>
          {formatBalance(shown)} / {formatBalance(achievement.criteria_value)}
        </small>
      </div>
      {state === 'completed' ? (
        <Badge tone="success">Completed</Badge>
      ) : state === 'claimable' ? (
        <Button
          size="small"
          busy={claiming}
          onClick={() => onClaim(achievement)}
          aria-label={`Claim ${achievement.name}`}
        >
          Claim
        </Button>
      ) : (
        <Badge tone="neutral">Locked</Badge>
      )}
    </li>
  );
}

function BuiltInCard({ achievement }: { achievement: AchievementDefinition }) {
  return (
    <li className="account-item" aria-label={achievement.name}>
      <h3 className="account-item__title">
        <span aria-hidden="true">{achievement.icon}</span> {achievement.name}
      </h3>
      <p>{achievement.description}</p>
      <Rewards achievement={achievement} />
      <Badge tone="neutral">Progress unknown</Badge>
    </li>
  );
}
