// A real OpenID Connect provider (oidc-provider) for the identity tests, run as its own process because the package
// is ESM-only. Logins need no password: the test, playing the browser, names the account on the interaction page
// (`?login=<account>`). Prints `READY <issuer>` once listening.
import http from 'node:http';
import Provider from 'oidc-provider';

const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = process.env;
let provider;

const server = http.createServer(async (request, response) => {
  try {
    const url = new URL(request.url, 'http://placeholder');
    if (/^\/interaction\/[^/]+$/.test(url.pathname)) {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'login') {
        const account = url.searchParams.get('login');
        if (!account) {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<form method="get"><input name="login"></form>');
          return;
        }
        await provider.interactionFinished(request, response, { login: { accountId: account } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    provider.callback()(request, response);
  } catch (error) {
    response.writeHead(500).end(String(error?.stack ?? error));
  }
});

server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [OIDC_REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope's claims in the ID token, as Google does.
    conformIdTokenClaims: false,
    findAccount: async (_context, accountId) => ({
      accountId,
      claims: async () => ({
        sub: `subject-${accountId}`,
        email: `${accountId}@example.com`,
        // Accounts named unverified* have an unverified e-mail, to test that refusal.
        email_verified: !accountId.startsWith('unverified'),
        name: `Test ${accountId}`,
      }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['identity-test-cookie-key'] },
  });
  provider.proxy = false;
  process.stdout.write(`READY ${issuer}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
