export * from './rules';
export * from './events';
export * from './http';
export * from './routes';
export * from './bus';
