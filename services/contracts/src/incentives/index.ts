// Contracts of the incentives context (schemas, routes, answers).
export {};
