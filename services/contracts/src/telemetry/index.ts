// Contracts of the telemetry context (schemas, routes, answers).
export * from './http';
export * from './routes';
