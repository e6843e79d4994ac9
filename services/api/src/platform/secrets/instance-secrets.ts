import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

/** Where a module asks for a key it generates itself when the deployment configured none. */
export interface SecretSource {
  /** 32 random bytes, generated on the first call for `name` and the same ever after (restarts, other replicas). */
  secret(name: string): Promise<Buffer>;
}

const SECRET_BYTES = 32;
const NAME = /^[a-z][a-z0-9-]{1,60}$/;

/**
 * Secrets this instance generated at its first start (the local payment provider's webhook key, the payment-details
 * key outside production), never derived from `DATABASE_URL` or a constant: anyone can compute those and forge a
 * webhook. With PostgreSQL they live in the database (every replica reads the same row; the first insert wins); with
 * the embedded database, in files under `DATA_DIR/secrets` readable by the owner only.
 */
export function instanceSecrets(options: { pool?: pg.Pool; dataDirectory: string }): SecretSource {
  return options.pool ? new DatabaseSecrets(options.pool) : new FileSecrets(join(options.dataDirectory, 'secrets'));
}

class DatabaseSecrets implements SecretSource {
  constructor(private readonly pool: pg.Pool) {}

  async secret(name: string): Promise<Buffer> {
    assertName(name);
    // Concurrent first starts race on the primary key; the loser's insert does nothing and it reads the winner's.
    await this.pool.query(
      'INSERT INTO platform_instance_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [name, randomBytes(SECRET_BYTES)],
    );
    const { rows } = await this.pool.query<{ secret: Buffer }>(
      'SELECT secret FROM platform_instance_secrets WHERE name = $1',
      [name],
    );
    return checked(name, rows[0]?.secret);
  }
}

class FileSecrets implements SecretSource {
  constructor(private readonly directory: string) {}

  async secret(name: string): Promise<Buffer> {
    assertName(name);
    const path = join(this.directory, `${name}.key`);
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    // The key is written whole to a file of this call's own, then linked to its name: a link is created only when the
    // name is absent, and all at once, so a second start (or a racing one) keeps the first key and never reads a file
    // that is still being written (as with `writeFile(path, …, { flag: 'wx' })`, which creates the name empty first).
    const draft = join(this.directory, `.${name}.${randomBytes(8).toString('hex')}.draft`);
    await writeFile(draft, randomBytes(SECRET_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
    try {
      await link(draft, path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    } finally {
      await unlink(draft);
    }
    return checked(name, Buffer.from((await readFile(path, 'utf8')).trim(), 'hex'));
  }
}

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid instance secret name: ${name}`);
}

/** A stored secret of the wrong size is a damaged installation: stop rather than run with a weak key. */
function checked(name: string, secret: Buffer | undefined): Buffer {
  if (!secret || secret.length !== SECRET_BYTES)
    throw new Error(`The instance secret ${name} is missing or damaged (expected ${SECRET_BYTES} bytes)`);
  return secret;
}
