import { PassThrough } from 'node:stream';
import { runAdminCli } from '../../src/cli/admin';
import { APP_CONFIG, type AppConfig } from '../../src/platform/config/app-config';
import { AdminEmails } from '../../src/modules/identity/register-accounts/admin-emails';
import { EMAIL_SENDER, type EmailSender } from '../../src/modules/identity/infrastructure/email-sender';
import { eventually } from '../platform/support/eventually';
import { newUser, signUp, startIdentityApp, type IdentityTestApp } from './support';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/**
 * ADMIN_EMAILS used to make an administrator of whoever signed up first with a listed address. The role now follows
 * proof that the address is the signer's (the mailed link), or an operator's `npm run admin -- grant <email>`.
 */
describe('admins by e-mail list and by the admin CLI', () => {
  let testApp: IdentityTestApp;
  let sent: jest.SpyInstance;
  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    testApp = await startIdentityApp({ ADMIN_EMAILS: 'boss@example.com, night-ops@example.com' });
    sent = jest.spyOn(testApp.app.get<EmailSender>(EMAIL_SENDER), 'send');
  });
  afterAll(async () => {
    process.env.DATABASE_URL = savedDatabaseUrl;
    await testApp.close();
  });

  const profileOf = async (token: string) =>
    (await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${token}`).expect(200)).body.user;

  it('does not make an ADMIN_EMAILS sign-up an admin, nor at the next start, until the mailed link confirms the address', async () => {
    const boss = await signUp(testApp, { email: 'boss@example.com' });
    expect((await profileOf(boss.token)).is_admin).toBe(false);
    await testApp.http().get('/api/admin/identity/verify').set('Authorization', `Bearer ${boss.token}`).expect(403);

    // "Granted at every start" (what IdentityModule.onApplicationBootstrap runs) is kept for confirmed addresses only.
    await testApp.app.get(AdminEmails).grantAtStart();
    expect((await profileOf(boss.token)).is_admin).toBe(false);

    // The sign-up (confirmation otherwise off) mailed a link to the listed address; following it proves the address.
    const mail = sent.mock.calls
      .map((call) => call[0] as { to: string; text: string })
      .find((message) => message.to === 'boss@example.com');
    expect(mail).toBeDefined();
    const link = new URL(/(http\S+)/.exec(mail!.text)![1]!);
    await testApp.http().get(`${link.pathname}${link.search}`).expect(302);
    expect((await profileOf(boss.token)).is_admin).toBe(true);
    await testApp.http().get('/api/admin/identity/verify').set('Authorization', `Bearer ${boss.token}`).expect(200);
  });

  it('mails no link to an address that is not listed, and signs it up as before', async () => {
    const before = sent.mock.calls.length;
    const member = await signUp(testApp);
    expect(sent.mock.calls.length).toBe(before);
    expect((await profileOf(member.token)).is_admin).toBe(false);
  });

  it('grants and revokes the role from the console with npm run admin -- grant|revoke <email>', async () => {
    const operator = await signUp(testApp, newUser());
    // The CLI opens DATABASE_URL, as an operator's shell would: the test app's database.
    process.env.DATABASE_URL = testApp.app.get<AppConfig>(APP_CONFIG).databaseUrl;
    const output = capture();
    const errors = capture();
    expect(await runAdminCli(['grant', operator.email.toUpperCase()], output.stream, errors.stream)).toBe(0);
    expect(output.text()).toContain(`${operator.email} (${operator.user.id}) is an administrator`);
    // Running API processes hear of the change at once (NOTIFY identity_changed), so the next request sees it.
    await eventually(async () => expect((await profileOf(operator.token)).is_admin).toBe(true), 10_000);
    await testApp.http().get('/api/admin/identity/verify').set('Authorization', `Bearer ${operator.token}`).expect(200);

    expect(await runAdminCli(['revoke', operator.email], output.stream, errors.stream)).toBe(0);
    await eventually(async () => expect((await profileOf(operator.token)).is_admin).toBe(false), 10_000);

    expect(await runAdminCli(['grant', 'nobody@example.com'], output.stream, errors.stream)).toBe(1);
    expect(errors.text()).toContain('No account has the e-mail address nobody@example.com');
    expect(await runAdminCli(['promote', operator.email], output.stream, errors.stream)).toBe(2);
  });
});
