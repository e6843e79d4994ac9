import type { User } from '@app/platform';

export const XP_PER_LEVEL = 1000;

export interface LevelProgress {
  level: number;
  xp: number;
  /** XP where this level starts (1000 × level) and where the next one does (1000 × (level + 1)). */
  levelStartXp: number;
  nextLevelXp: number;
  xpIntoLevel: number;
  /** 1000 × (level + 1) − XP (spec 2 §4). */
  xpToNextLevel: number;
}

/** Level n spans 1000·n to 1000·(n+1) XP (spec 2 §4). */
export function levelProgress(xp: number): LevelProgress {
  const wholeXp = Math.max(0, Math.floor(xp));
  const level = Math.floor(wholeXp / XP_PER_LEVEL);
  const levelStartXp = level * XP_PER_LEVEL;
  const nextLevelXp = (level + 1) * XP_PER_LEVEL;
  return { level, xp: wholeXp, levelStartXp, nextLevelXp, xpIntoLevel: wholeXp - levelStartXp, xpToNextLevel: nextLevelXp - wholeXp };
}

/** The user's progress, or null when the server sent no XP (nothing is made up). */
export function userLevelProgress(user: Pick<User, 'xp_points'> | null): LevelProgress | null {
  if (!user || user.xp_points === undefined || user.xp_points === null || user.xp_points === '') return null;
  const xp = Number(user.xp_points);
  return Number.isFinite(xp) ? levelProgress(xp) : null;
}
