// Contracts of the advertisers context (schemas, routes, answers).
export * from './tier-inventory';
export * from './http';
export * from './events';
export * from './routes';
