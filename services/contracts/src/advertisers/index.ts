// Contracts of the advertisers context (schemas, routes, answers).
export * from './tier-inventory';
