export * from './health';
export * from './admin';
export * from './docs';
export * from './bus';
