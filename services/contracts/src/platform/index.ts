export * from './health';
export * from './admin';
