import { Check, KeyRound, type LucideIcon, Zap } from '@app/platform/icons';
import type { Drop } from '../api/drops-api';

export const KIND_LABELS: Record<Drop['kind'], string> = { proof: 'Proof Drop', paid: 'Paid Drop', move: 'Move Drop' };
export const KIND_ICONS: Record<Drop['kind'], LucideIcon> = { proof: Check, paid: KeyRound, move: Zap };
export const DIFFICULTY_TONES = { easy: 'success', medium: 'warning', hard: 'danger' } as const;

export function categoryLabel(category: string): string {
  return category
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec 2 §5: a drop whose title or description mentions demo awards no real gems. */
export function isDemo(drop: Pick<Drop, 'title' | 'description'>): boolean {
  return /demo/i.test(drop.title) || /demo/i.test(drop.description);
}

export function participantsLabel(drop: Pick<Drop, 'current_participants' | 'max_participants'>): string {
  return `${drop.current_participants} / ${drop.max_participants ?? '∞'}`;
}

export function deadlineLabel(deadline: string | null): string {
  return deadline
    ? new Date(deadline).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : 'No deadline';
}

/**
 * Spec 2 §9: "ROI shown as gem_reward_base / key_cost": the gems a paid drop rewards per key it costs, to one decimal
 * ("50 gems per key"). Null where no keys are spent (proof and move drops, or a paid drop costing 0).
 */
export function rewardPerKeyLabel(drop: Pick<Drop, 'kind' | 'gem_reward_base' | 'key_cost'>): string | null {
  if (drop.kind !== 'paid' || !(drop.key_cost > 0)) return null;
  const ratio = Math.floor((drop.gem_reward_base / drop.key_cost) * 10) / 10;
  return `${ratio} gems per key`;
}
