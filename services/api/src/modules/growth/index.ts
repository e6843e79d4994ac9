/** The growth context's public surface (its money moves through the ledger's port). */
export { GetStakedGemsQuery } from './queries/get-staked-gems.query';
