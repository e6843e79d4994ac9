export * from './health';
export * from './admin';
export * from './bus';
