// Contracts of the incentives context (advertiser coupons, their assignments and redemptions).
export * from './events';
export * from './http';
export * from './messages';
export * from './routes';
