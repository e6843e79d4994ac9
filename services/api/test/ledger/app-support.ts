import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestDatabase } from '@app/event-store/src/testing';
import { loadConfig } from '../../src/platform/config/app-config';
import { createApp } from '../../src/platform/bootstrap';
import { IdentityModule } from '../../src/modules/identity';
import { LedgerModule } from '../../src/modules/ledger';
import type { IdentityTestApp } from '../identity/support';

/** The whole application with identity and the ledger on a fresh PostgreSQL database (jobs in process). */
export async function startLedgerApp(): Promise<IdentityTestApp> {
  const database = await createTestDatabase('ledger_api');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ledger-'));
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: dataDirectory });
    const app = await createApp(config, { extraModules: [IdentityModule, LedgerModule] });
    return {
      app,
      http: () => request(app.getHttpServer()),
      dataDirectory,
      async close() {
        await app.close();
        await database.drop();
        rmSync(dataDirectory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
