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
      corsOrigins: ['http://localhost:4200', 'http://localhost:4201', 'http://localhost:4202', 'http://localhost:4203', 'http://localhost:4204'],
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

  it('splits roles only on PostgreSQL: http and worker processes need DATABASE_URL', () => {
    expect(() => loadConfig({ PROCESS_ROLE: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROCESS_ROLE: 'worker', DATABASE_URL: '' })).toThrow(/PROCESS_ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ PROCESS_ROLE: 'both', DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(/PROCESS_ROLE/);
    expect(loadConfig({ PROCESS_ROLE: 'http', DATABASE_URL: 'postgres://127.0.0.1/x' }).role).toBe('http');
  });
});
