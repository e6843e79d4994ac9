export * from './schemas';
export * from './routes';
