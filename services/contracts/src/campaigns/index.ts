// Contracts of the campaigns context (schemas, routes, answers).
export * from './http';
export * from './routes';
