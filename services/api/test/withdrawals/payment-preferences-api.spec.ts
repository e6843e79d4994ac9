import { IdentityModule, LedgerModule } from '../../src/modules/context-modules';
import { WithdrawalsModule } from '../../src/modules/withdrawals/withdrawals.module';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth } from '../payments/support';

jest.setTimeout(120_000);

describe('payment preferences API', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startAppWithModules('payment_preferences', [IdentityModule, LedgerModule, WithdrawalsModule]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('saves, masks, keeps one default, and lets only the owner change or delete', async () => {
    const owner = await signUp(testApp);
    const stranger = await signUp(testApp);
    const save = (body: Record<string, unknown>) =>
      testApp.http().post('/api/users/payment-preferences').set(auth(owner.token)).send(body);
    const list = async () =>
      (await testApp.http().get('/api/users/payment-preferences').set(auth(owner.token)).expect(200)).body as Array<{
        id: string;
        is_default: boolean;
        payment_method: string;
        preference_data: Record<string, string>;
      }>;

    expect(await list()).toEqual([]);
    const first = (
      await save({ payment_method: 'paypal', preference_data: { email_address: 'ada@example.com' } }).expect(200)
    ).body;
    expect(first).toMatchObject({
      payment_method: 'paypal',
      is_default: true,
      preference_data: { email_address: 'a***@example.com' },
    });
    const second = (
      await save({
        payment_method: 'crypto',
        preference_data: { wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7', network: 'Polygon' },
        is_default: true,
      }).expect(200)
    ).body;
    expect(second.preference_data).toEqual({ wallet_address: '••••••••9EE7', network: 'polygon' });
    expect((await list()).map((row) => [row.id, row.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    // Validated per method; address_line_2 is the only optional field.
    const invalid = await save({
      payment_method: 'bank_transfer',
      preference_data: {
        account_holder_name: 'Ada',
        bank_name: 'B',
        account_number: '12',
        routing_number: '1',
        swift_code: 'x',
        country: 'ZZ',
      },
    }).expect(400);
    expect(invalid.body.field_errors.map((error: { field: string }) => error.field)).toEqual([
      'preference_data.account_number',
      'preference_data.routing_number',
      'preference_data.swift_code',
      'preference_data.country',
    ]);
    await save({
      payment_method: 'check',
      preference_data: {
        full_name: 'Ada L',
        address_line_1: '1 Main St',
        address_line_2: '',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'us',
        phone_number: '+1 217 555 0100',
      },
    }).expect(200);
    await save({ payment_method: 'carrier_pigeon', preference_data: {} }).expect(400);

    await testApp
      .http()
      .post(`/api/users/payment-preferences/${first.id}/set-default`)
      .set(auth(stranger.token))
      .expect(404);
    await testApp.http().delete(`/api/users/payment-preferences/${first.id}`).set(auth(stranger.token)).expect(404);
    await testApp
      .http()
      .post('/api/users/payment-preferences/not-a-uuid/set-default')
      .set(auth(owner.token))
      .expect(400);

    const made = await testApp
      .http()
      .post(`/api/users/payment-preferences/${first.id}/set-default`)
      .set(auth(owner.token))
      .expect(200);
    expect(made.body).toMatchObject({ id: first.id, is_default: true });
    expect((await list()).filter((row) => row.is_default).map((row) => row.id)).toEqual([first.id]);

    // Deleting the default hands it to the newest remaining one.
    await testApp.http().delete(`/api/users/payment-preferences/${first.id}`).set(auth(owner.token)).expect(200);
    const remaining = await list();
    expect(remaining).toHaveLength(2);
    expect(remaining.filter((row) => row.is_default)).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ payment_method: 'check', is_default: true });
  });
});
