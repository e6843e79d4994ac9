/** The identity context's public surface: what other modules may import. */
export { GetUserQuery, getExistingUser } from './queries/get-user.query';
export { GetPublicUserQuery } from './queries/get-public-user.query';
export { StoreImageCommand, type StoreImageResult } from './store-images/store-image.command';
export { SeedDemoDropsCommand } from './sign-in-as-demo/seed-demo-drops.command';
export { FindUserIdByReferralCodeQuery } from './queries/find-user-by-referral-code.query';
export { VerifyIdentityReadModelQuery, type IdentityVerifyReport } from './queries/verify-identity.query';
export {
  ChangeUserTierCommand,
  ChangeUserTypeCommand,
  GrantAdminRoleCommand,
} from './change-user-roles/user-role.commands';
export { ApplySignUpReferralCommand } from './sign-up/apply-sign-up-referral.command';
