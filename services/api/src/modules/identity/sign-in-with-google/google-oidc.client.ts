import { Inject, Injectable } from '@nestjs/common';
import type { Configuration } from 'openid-client';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { ApiError } from '../../../platform/http/api-error';
import { IDENTITY_CONFIG, type GoogleOidcConfig, type IdentityConfig } from '../identity.config';

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

type OpenIdClient = typeof import('openid-client');

/**
 * OpenID Connect relying party for Google (any compliant issuer works: tests run a real provider locally). The
 * code flow with PKCE, state and nonce; the provider's metadata is discovered once and cached.
 */
@Injectable()
export class GoogleOidcClient {
  private configuration: Promise<{ client: OpenIdClient; configuration: Configuration }> | undefined;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  get enabled(): boolean {
    return this.config.google !== undefined;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const google = this.requireConfig();
    const { client, configuration } = await this.discover(google);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: google.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, codeVerifier, nonce };
  }

  /** Exchanges the code from the callback URL and returns the verified ID token's claims. */
  async complete(
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const google = this.requireConfig();
    const { client, configuration } = await this.discover(google);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  }

  private requireConfig(): GoogleOidcConfig {
    // Not configured is a permanent fact of this server, not an outage: the route does not exist here (404).
    if (!this.config.google)
      throw new ApiError(404, 'GOOGLE_SIGN_IN_DISABLED', AUTH_MESSAGES.providerNotConfigured('Google'));
    return this.config.google;
  }

  private discover(google: GoogleOidcConfig) {
    this.configuration ??= (async () => {
      const client = await import('openid-client');
      const issuer = new URL(google.issuer);
      // Plain http is allowed only for a provider on this machine (development and tests).
      const loopback = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      const configuration = await client.discovery(issuer, google.clientId, google.clientSecret, undefined, {
        execute: loopback ? [client.allowInsecureRequests] : [],
      });
      return { client, configuration };
    })().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }
}
