// Contracts of the subscriptions context (schemas, routes, answers).
export {};
