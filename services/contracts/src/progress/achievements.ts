/** XP per level: level n spans 1000·n to 1000·(n+1) XP (spec 2 §4). */
export const XP_PER_LEVEL = 1000;

export const ACHIEVEMENT_CATEGORIES = [
  'engagement',
  'creation',
  'earning',
  'progression',
  'currency',
  'social',
] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/** What an achievement measures; each is a counter folded from events (see the progress context's projection). */
export const ACHIEVEMENT_CRITERIA = [
  'account_created',
  'content_created',
  'follower_count',
  'level',
  'points_spent',
] as const;
export type AchievementCriteria = (typeof ACHIEVEMENT_CRITERIA)[number];

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: AchievementCategory;
  criteria_type: AchievementCriteria;
  criteria_value: number;
  criteria_field: string;
  gold_reward: number;
  xp_reward: number;
}

/** The six default achievements (spec 1 §9). */
export const DEFAULT_ACHIEVEMENTS: readonly AchievementDefinition[] = Object.freeze([
  {
    id: 'first-steps',
    name: 'First Steps',
    description: 'Create your account and join the community',
    icon: '👣',
    category: 'engagement',
    criteria_type: 'account_created',
    criteria_value: 1,
    criteria_field: 'account_created',
    gold_reward: 5,
    xp_reward: 100,
  },
  {
    id: 'content-creator',
    name: 'Content Creator',
    description: 'Post your first piece of content',
    icon: '🎨',
    category: 'creation',
    criteria_type: 'content_created',
    criteria_value: 1,
    criteria_field: 'content_count',
    gold_reward: 10,
    xp_reward: 200,
  },
  {
    id: 'social-butterfly',
    name: 'Social Butterfly',
    description: 'Reach 100 followers',
    icon: '🦋',
    category: 'social',
    criteria_type: 'follower_count',
    criteria_value: 100,
    criteria_field: 'follower_count',
    gold_reward: 25,
    xp_reward: 500,
  },
  {
    id: 'level-up',
    name: 'Level Up',
    description: 'Reach level 5',
    icon: '⭐',
    category: 'progression',
    criteria_type: 'level',
    criteria_value: 5,
    criteria_field: 'level',
    gold_reward: 15,
    xp_reward: 300,
  },
  {
    id: 'big-spender',
    name: 'Big Spender',
    description: 'Spend 1000 points',
    icon: '💰',
    category: 'currency',
    criteria_type: 'points_spent',
    criteria_value: 1000,
    criteria_field: 'points_spent',
    gold_reward: 20,
    xp_reward: 400,
  },
  {
    id: 'master-creator',
    name: 'Master Creator',
    description: 'Post 5 pieces of content',
    icon: '👑',
    category: 'creation',
    criteria_type: 'content_created',
    criteria_value: 5,
    criteria_field: 'content_count',
    gold_reward: 50,
    xp_reward: 1000,
  },
]);

export const findAchievement = (id: string): AchievementDefinition | undefined =>
  DEFAULT_ACHIEVEMENTS.find((achievement) => achievement.id === id);

export const levelOf = (xpPoints: number): number => Math.floor(Math.max(0, xpPoints) / XP_PER_LEVEL);
