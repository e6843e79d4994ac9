// Contracts of the telemetry context (schemas, routes, answers).
export {};
