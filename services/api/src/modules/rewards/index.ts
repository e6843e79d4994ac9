/** The rewards context's public surface: what other modules may import. */
export { GetMasterKeyStatusQuery } from './master-key/get-master-key-status.query';
export { GetReferralStatusQuery } from './referral/get-referral-status.query';
export { GetVerifiedFollowerCountQuery } from './influence-rewards/get-verified-follower-count.query';
