import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src';
import { createTestDatabase } from '../src/testing';

export type AdapterKind = 'postgres' | 'pglite';

/**
 * A database on either adapter for a spec that runs on both: a fresh PostgreSQL database named after `name` with one
 * connection (every unit then runs on the same session), or PGlite in a temporary directory. `remove` drops or
 * deletes it after the caller closed it.
 */
export async function openAdapterDatabase(
  kind: AdapterKind,
  name: string,
): Promise<{ database: Database; remove: () => Promise<void> }> {
  if (kind === 'postgres') {
    const testDatabase = await createTestDatabase(name);
    const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 1 });
    return { database, remove: () => testDatabase.drop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = await openDatabase({ dataDir });
  return { database, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}
