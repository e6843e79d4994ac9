export * from './messages';
export * from './users';
export * from './events';
export * from './routes';
