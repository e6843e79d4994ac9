// Contracts of the campaigns context (schemas, routes, answers).
export {};
