// The account features' public surface for the shell's header, routes and profile.
export { AccountMenu } from './account-menu';
export type { AccountDialog } from './account-menu';
export { ProfileAccountPanel, OPEN_INFLUENCE_REWARDS_PARAMETER } from './profile-account-panel';
export { NotificationsButton } from './notifications/components/notifications-button';
export { LevelChip, LevelProgressCard } from './level-progress/components/level-progress';
