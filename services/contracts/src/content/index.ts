export * from './events';
export * from './rules';
export * from './http';
export * from './comments';
export * from './routes';
export * from './bus';
