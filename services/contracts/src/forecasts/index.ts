// Contracts of the forecasts context (schemas, routes, answers).
export {};
