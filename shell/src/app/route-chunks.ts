import { ArrivedChunk } from './arrived-chunks';

// The lazy chunks a signed-in first page starts before its session is checked (first-page.ts) and its routes render
// (app-routes.tsx): one import each, so both find the same download, and a route that renders after its chunk arrived
// renders it at once (ArrivedChunk).
export const appLayoutChunk = new ArrivedChunk(() => import('../features/layout/app-layout'));
export const dashboardPageChunk = new ArrivedChunk(() => import('../features/dashboard/dashboard-page'));
export const leaderboardPageChunk = new ArrivedChunk(
  () => import('../features/leaderboard/components/leaderboard-page'),
);
export const profilePageChunk = new ArrivedChunk(() => import('../features/profile/profile-page'));

/** A person's profile page, under each of its paths (spec 1: /profile/:username, /users/:username, /users/id/:id). */
export const PROFILE_PAGE_PATHS = ['/profile/:username', '/users/:username', '/users/id/:id'] as const;
