/**
 * The rewards context's public surface: what other modules may import. `GetVerifiedFollowerCountQuery` is declared in
 * `@app/contracts/rewards`.
 */
export { GetMasterKeyStatusQuery } from './master-key/get-master-key-status.query';
export { GetReferralStatusQuery } from './referral/get-referral-status.query';
