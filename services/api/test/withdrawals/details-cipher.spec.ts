import { ApiError } from '../../src/platform/http/api-error';
import { loadWithdrawalsConfig } from '../../src/modules/withdrawals/config/withdrawals-config';
import { DetailsCipher } from '../../src/modules/withdrawals/infrastructure/details-cipher';

describe('payout details at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('seals with AES-256-GCM bound to the owner: another owner, another key or a changed byte does not open it', () => {
    const cipher = new DetailsCipher(key);
    const sealed = cipher.encrypt({ email_address: 'ada@example.com' }, 'user-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ada');
    expect(cipher.decrypt(sealed, 'user-1')).toEqual({ email_address: 'ada@example.com' });
    expect(cipher.encrypt({ a: 1 }, 'user-1')).not.toBe(cipher.encrypt({ a: 1 }, 'user-1'));
    expect(() => cipher.decrypt(sealed, 'user-2')).toThrow();
    expect(() => new DetailsCipher(Buffer.alloc(32, 8)).decrypt(sealed, 'user-1')).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      cipher.decrypt([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), 'user-1'),
    ).toThrow();
  });

  it('reads the key from PAYMENT_DETAILS_KEY (hex or base64, 32 bytes); production without one starts but refuses with 503', async () => {
    // Configured keys and production never ask for a generated one.
    const secrets = { secret: () => Promise.reject(new Error('no generated key expected')) };
    expect((await loadWithdrawalsConfig({ PAYMENT_DETAILS_KEY: key.toString('hex') }, secrets)).detailsKey).toEqual(
      key,
    );
    expect((await loadWithdrawalsConfig({ PAYMENT_DETAILS_KEY: key.toString('base64') }, secrets)).detailsKey).toEqual(
      key,
    );
    await expect(loadWithdrawalsConfig({ PAYMENT_DETAILS_KEY: 'c2hvcnQ=' }, secrets)).rejects.toThrow(/32 bytes/);
    const production = await loadWithdrawalsConfig({ NODE_ENV: 'production' }, secrets);
    expect(production.detailsKey).toBeNull();
    const refused = (() => {
      try {
        new DetailsCipher(production.detailsKey).encrypt({}, 'user-1');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'PAYMENT_DETAILS_KEY_MISSING' });
    await expect(
      loadWithdrawalsConfig(
        { WITHDRAWAL_METHODS: '[{"method_name":"paypal"}]', PAYMENT_DETAILS_KEY: key.toString('hex') },
        secrets,
      ),
    ).rejects.toThrow(/WITHDRAWAL_METHODS/);
  });

  it("outside production without PAYMENT_DETAILS_KEY uses the instance's generated key, never one derived from DATABASE_URL", async () => {
    const generated = Buffer.alloc(32, 5);
    const asked: string[] = [];
    const secrets = { secret: async (name: string) => (asked.push(name), generated) };
    expect(
      (await loadWithdrawalsConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/a' }, secrets)).detailsKey,
    ).toEqual(generated);
    expect(asked).toEqual(['payment-details']);
  });
});
