/**
 * The rewards context's public surface: what other modules may import. `GetVerifiedFollowerCountQuery` is declared in
 * `@app/contracts/rewards`.
 */
export { GetMasterKeyStatusQuery } from './queries/get-master-key-status.query';
export { GetReferralStatusQuery } from './queries/get-referral-status.query';
