export * from './event-store.port';
export * from './database';
export * from './hash-chain';
export * from './json-safety';
export * from './postgres-event-store';
export * from './event-id';
export * from './verify';
export { preparedQuery } from './postgres/sql';
