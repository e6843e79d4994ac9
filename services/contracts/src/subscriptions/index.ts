// Contracts of the subscriptions context (advertiser plans, moves allowance and packages).
export * from './bus';
export * from './catalogue';
export * from './events';
export * from './http';
export * from './messages';
export * from './routes';
