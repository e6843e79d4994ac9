import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instanceSecrets } from '../../src/platform/secrets/instance-secrets';

/** The embedded default keeps its generated keys under DATA_DIR/secrets: once per name, owner-readable only. */
describe('instance secrets under DATA_DIR (embedded database)', () => {
  const directories: string[] = [];
  const newDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'instance-secrets-'));
    directories.push(directory);
    return directory;
  };
  afterAll(() => directories.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

  it('generates 32 random bytes once per name and reads the same after a restart, even when first starts race', async () => {
    const dataDirectory = newDirectory();
    const racing = await Promise.all(
      [1, 2, 3].map(() => instanceSecrets({ dataDirectory }).secret('local-payments-webhook')),
    );
    expect(racing[0]).toHaveLength(32);
    expect(racing[1]).toEqual(racing[0]);
    expect(racing[2]).toEqual(racing[0]);
    // A new process over the same DATA_DIR.
    expect(await instanceSecrets({ dataDirectory }).secret('local-payments-webhook')).toEqual(racing[0]);
    expect(await instanceSecrets({ dataDirectory }).secret('payment-details')).not.toEqual(racing[0]);
    expect(statSync(join(dataDirectory, 'secrets', 'local-payments-webhook.key')).mode & 0o777).toBe(0o600);
    // Another installation has keys of its own.
    expect(await instanceSecrets({ dataDirectory: newDirectory() }).secret('local-payments-webhook')).not.toEqual(
      racing[0],
    );
  });

  it('refuses a damaged key file rather than running with a weak key', async () => {
    const dataDirectory = newDirectory();
    await instanceSecrets({ dataDirectory }).secret('payment-details');
    writeFileSync(join(dataDirectory, 'secrets', 'payment-details.key'), 'abcd');
    await expect(instanceSecrets({ dataDirectory }).secret('payment-details')).rejects.toThrow(/missing or damaged/);
    await expect(instanceSecrets({ dataDirectory }).secret('../escape')).rejects.toThrow(
      /Invalid instance secret name/,
    );
  });
});
