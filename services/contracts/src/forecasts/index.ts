// Contracts of the forecasts context (schemas, routes, answers, stored events).
export * from './events';
export * from './http';
export * from './routes';
