// Contracts of the forecasts context (schemas, routes, answers).
export * from './http';
export * from './routes';
