// Every context's contracts; `@app/contracts/openapi` builds the OpenAPI document from the routes exported here.
// A new context adds its folder under src/<context>/ and one `export *` line here.
export * from './http/route';
export * from './platform/health';
export * from './platform/admin';
export * from './platform/bus';
export * from './identity';
export * from './rewards';
export * from './drops';
export * from './content';
export * from './engagement';
export * from './shop';
export * from './growth';
export * from './progress';
export * from './leaderboard';
export * from './notifications';
export * from './search';
export * from './ledger';
export * from './platform-stats';
export * from './payments';
export * from './withdrawals';
export * from './market';
export * from './forecasts';
export * from './advertisers';
export * from './subscriptions';
export * from './incentives';
export * from './campaigns';
export * from './telemetry';
