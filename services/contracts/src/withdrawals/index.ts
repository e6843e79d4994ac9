export * from './details';
export * from './events';
export * from './http';
export * from './methods';
export * from './routes';
