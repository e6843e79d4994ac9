// Account actions: the header's menu of account modals (convert, master key, gold shop, achievements, Instagram),
// upgrade tier, and the own profile's level, referral and influence rewards panel.
export { AccountMenu } from './account-menu';
export type { AccountDialog } from './account-menu';
export { ProfileAccountPanel, OPEN_INFLUENCE_REWARDS_PARAMETER } from './profile-account-panel';
export { LevelChip, LevelProgressCard } from './level-progress/components/level-progress';
