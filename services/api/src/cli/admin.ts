/**
 * `npm run admin -- <verb> <email>`: an operator at the console grants or revokes the admin role, against DATABASE_URL
 * (or, without it, the embedded database under DATA_DIR while the API is not running). Recorded as an
 * `AdminRoleGranted` / `AdminRoleRevoked` event naming who ran it; running API processes hear of it at once.
 *
 *   grant <email>    the account with this e-mail becomes an administrator
 *   revoke <email>   it stops being one
 */
import { userInfo, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, PostgresEventStore, runMigrations, type Database } from '@app/event-store';
import { openApplicationEventStore } from '../platform/database/database.module';
import { IDENTITY_MIGRATIONS_DIRECTORY, IDENTITY_MIGRATIONS_TABLE } from '../modules/identity/identity.module';
import { IdentityStore } from '../modules/identity/infrastructure/identity-store';
import { SessionCache } from '../modules/identity/infrastructure/session-cache';
import { IdempotencyService } from '../platform/idempotency/idempotency.service';
import { UseCaseRunner } from '../platform/use-cases/use-case-runner';

const USAGE = `Usage: npm run admin -- grant <email>
       npm run admin -- revoke <email>`;

async function openStore(): Promise<{ database: Database; eventStore: PostgresEventStore; store: IdentityStore }> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const repositoryRoot = resolve(__dirname, '..', '..', '..', '..');
  const dataDirectory = resolve(repositoryRoot, process.env.DATA_DIR ?? '.data');
  const database = await openDatabase({ databaseUrl, dataDir: join(dataDirectory, 'pglite'), maxConnections: 2 });
  const eventStore = await openApplicationEventStore(database);
  await runMigrations(database.pool, {
    directory: IDENTITY_MIGRATIONS_DIRECTORY,
    migrationsTable: IDENTITY_MIGRATIONS_TABLE,
  });
  const runner = new UseCaseRunner(eventStore, new IdempotencyService(eventStore));
  const store = new IdentityStore(eventStore, database.pool, database, new SessionCache(database), runner);
  return { database, eventStore, store };
}

export async function runAdminCli(
  args: string[],
  output: NodeJS.WritableStream = process.stdout,
  errors: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const [verb, email, ...rest] = args;
  if ((verb !== 'grant' && verb !== 'revoke') || !email || rest.length > 0) {
    errors.write(`${USAGE}\n`);
    return 2;
  }
  let opened: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    opened = await openStore();
    const row = await opened.store.findUserByEmail(email);
    if (!row) {
      errors.write(`No account has the e-mail address ${email.trim().toLowerCase()}\n`);
      return 1;
    }
    const reason = `npm run admin -- ${verb}, by ${userInfo().username}@${hostname()}`;
    const user = await opened.store.executeUser(row.user_id, {
      type: verb === 'grant' ? 'GrantAdminRole' : 'RevokeAdminRole',
      data: { reason, now: new Date().toISOString() },
    });
    output.write(`${row.email} (${row.user_id}) ${user.isAdmin ? 'is an administrator' : 'is not an administrator'}\n`);
    return 0;
  } catch (error) {
    errors.write(`admin ${verb} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await opened?.eventStore.close();
    await opened?.database.close();
  }
}

if (require.main === module) {
  runAdminCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
