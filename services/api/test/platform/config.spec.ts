import { ConfigError, loadConfig, REPOSITORY_ROOT } from '../../src/platform/config/app-config';

describe('configuration', () => {
  it('defaults to the embedded setup: port 3000, PGlite under <repo>/.data, in-process jobs, the shell origins', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDirectory: `${REPOSITORY_ROOT}/.data`,
      logLevel: 'info',
      role: 'all',
      environment: 'development',
      corsOrigins: [
        'http://localhost:4200',
        'http://localhost:4201',
        'http://localhost:4202',
        'http://localhost:4203',
        'http://localhost:4204',
      ],
    });
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      API_PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rewards',
      REDIS_URL: '',
      LOG_LEVEL: 'debug',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com',
      NODE_ENV: 'production',
      DATA_DIR: '/var/lib/rewards',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/rewards',
      redisUrl: undefined,
      logLevel: 'debug',
      corsOrigins: ['https://app.example.com', 'https://admin.example.com'],
      environment: 'production',
      dataDirectory: '/var/lib/rewards',
    });
  });

  it('refuses a bad configuration naming every offending variable', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('API_PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('ticks group commits every 10 ms and the quick social actions every 4 ms unless told otherwise (0 to 50 ms)', () => {
    expect(loadConfig({})).toMatchObject({ commitTickMs: 10, socialActionTickMs: 4 });
    expect(loadConfig({ COMMIT_TICK_MS: '0', SOCIAL_ACTION_TICK_MS: '12' })).toMatchObject({
      commitTickMs: 0,
      socialActionTickMs: 12,
    });
    expect(() => loadConfig({ SOCIAL_ACTION_TICK_MS: '51' })).toThrow(/SOCIAL_ACTION_TICK_MS/);
  });

  it('trusts forwarded addresses from no one unless TRUST_PROXY names the proxies (addresses, ranges; never a hop count)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(
      /TRUST_PROXY: a hop count cannot check who the immediate peer is/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any client/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY: .*proxy\.example\.com/);
  });

  it('prefixes the job queue per database unless QUEUE_PREFIX says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rewards' }).jobs).toEqual({
      queueName: 'jobs',
      prefix: 'bull-rewards',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rewards_test' }).jobs.prefix).toBe(
      'bull-rewards_test',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/a' }).jobs.prefix).not.toBe(
      loadConfig({ DATA_DIR: '/var/lib/b' }).jobs.prefix,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x', QUEUE_PREFIX: 'staging' }).jobs.prefix).toBe('staging');
    expect(() => loadConfig({ QUEUE_PREFIX: 'has space' })).toThrow(/QUEUE_PREFIX/);
  });

  it('splits roles only on PostgreSQL: http and worker processes need DATABASE_URL', () => {
    expect(() => loadConfig({ PROCESS_ROLE: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROCESS_ROLE: 'worker', DATABASE_URL: '' })).toThrow(
      /PROCESS_ROLE: worker needs DATABASE_URL/,
    );
    expect(() => loadConfig({ PROCESS_ROLE: 'both', DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(/PROCESS_ROLE/);
    expect(loadConfig({ PROCESS_ROLE: 'http', DATABASE_URL: 'postgres://127.0.0.1/x' }).role).toBe('http');
  });
});
