// The subscriptions context's public surface: the commands, queries and events other contexts may use.
export {};
