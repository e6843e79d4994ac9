// Contracts of the telemetry context (schemas, routes, answers, published events).
export * from './http';
export * from './routes';
export * from './events';
