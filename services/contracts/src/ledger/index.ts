export * from './currency';
export * from './events';
export * from './http';
export * from './routes';
export * from './conversion-allowance';
export * from './transaction-types';
export * from './digests';
export * from './money';
