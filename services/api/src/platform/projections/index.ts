export * from './projection';
export * from './projection-registry';
export * from './projection-runner';
export * from './projections.service';
export * from './read-your-writes';
