// Contracts of the campaigns context (schemas, routes, answers).
export * from './events';
export * from './http';
export * from './routes';
