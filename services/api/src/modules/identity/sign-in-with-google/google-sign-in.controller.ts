import { randomInt } from 'node:crypto';
import { Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import {
  AUTH_MESSAGES,
  ReferralCodeSchema,
  type SignUpReferral,
  googleSignInRoute,
  googleCallbackRoute,
} from '@app/contracts/identity';
import { ApiError } from '../../../platform/http/api-error';
import { clearCookie, readCookie, setCookie } from '../../../platform/http/cookies';
import { Public } from '../../../platform/http/public.decorator';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AccountRegistration } from '../register-accounts/account-registration';
import { UniquenessViolation } from '../identity-refusals';
import { IdentityStore } from '../infrastructure/identity-store';
import { SessionIssuer } from '../infrastructure/sessions';
import { clientAddressOf, setSessionCookie } from '../infrastructure/session-cookie';
import { applySignUpReferral } from '../sign-up/sign-up.controller';
import { GoogleOidcClient, type VerifiedIdentity } from './google-oidc.client';
import { Route } from '../../../platform/http/route.decorator';

const FLOW_COOKIE = 'oidc_state';
/** A referral link's code (`/api/auth/google?ref=CODE`), kept through the provider's round trip beside the state. */
const REFERRAL_COOKIE = 'oidc_referral';
const FLOW_TTL_MS = 10 * 60_000;
const USERNAME_ATTEMPTS = 5;

/** A failed callback the user can be told about (the message goes to the web app's sign-in screen). */
class SignInWithProviderFailed extends Error {}

@Controller()
export class GoogleSignInController {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(
    private readonly oidc: GoogleOidcClient,
    private readonly store: IdentityStore,
    private readonly registration: AccountRegistration,
    private readonly sessions: SessionIssuer,
    private readonly commandBus: CommandBus,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Starts the code flow: remembers state, PKCE verifier and nonce, binds them to this browser, redirects. */
  @Public()
  @Route(googleSignInRoute)
  async start(@Req() incoming: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const request = await this.oidc.authorizationRequest().catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      // The provider's metadata could not be fetched: its outage, not a bug of ours.
      this.logger.warn(`Google discovery failed: ${(error as Error).message}`);
      throw new ApiError(503, 'OIDC_PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerFailed('Google'));
    });
    const expiresAt = new Date(Date.now() + FLOW_TTL_MS);
    await this.store.saveOidcFlow({
      state: request.state,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      expiresAt,
    });
    // Binding the state to a cookie stops an attacker from finishing their own login in a victim's browser.
    setCookie(response, FLOW_COOKIE, request.state, {
      httpOnly: true,
      secure: this.config.cookie.secure,
      sameSite: 'lax',
      path: '/api/auth/google',
      expires: expiresAt,
    });
    const referralCode = referralCodeOf(incoming);
    if (referralCode) {
      setCookie(response, REFERRAL_COOKIE, referralCode, {
        httpOnly: true,
        secure: this.config.cookie.secure,
        sameSite: 'lax',
        path: '/api/auth/google',
        expires: expiresAt,
      });
    }
    void response.redirect(request.url, 302);
  }

  @Public()
  @Route(googleCallbackRoute)
  async callback(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    clearCookie(response, FLOW_COOKIE, {
      httpOnly: true,
      secure: this.config.cookie.secure,
      sameSite: 'lax',
      path: '/api/auth/google',
    });
    const referralCode = ReferralCodeSchema.safeParse(readCookie(request, REFERRAL_COOKIE) ?? '').data || null;
    if (referralCode)
      clearCookie(response, REFERRAL_COOKIE, {
        httpOnly: true,
        secure: this.config.cookie.secure,
        sameSite: 'lax',
        path: '/api/auth/google',
      });
    try {
      const identity = await this.verify(request);
      const { userId, created } = await this.userFor(identity);
      const now = new Date().toISOString();
      const prepared = this.sessions.prepare(
        { userId, method: 'google', clientAddress: clientAddressOf(request) },
        now,
      );
      const session = await this.store.execute((unit) => this.sessions.start(unit, prepared));
      await this.registration.completeFollowUps(userId);
      // Only an account created now takes the link's code: an existing one was not brought by this link.
      const referral =
        created && referralCode ? await applySignUpReferral(this.commandBus, this.logger, userId, referralCode) : null;
      setSessionCookie(response, this.config, session.token, session.expiresAt);
      void response.redirect(`${this.config.publicAppUrl}/auth/callback${referralQuery(referral)}`, 302);
    } catch (error) {
      if (!(error instanceof SignInWithProviderFailed))
        this.logger.warn(`Google sign-in failed: ${(error as Error).message}`);
      const message =
        error instanceof SignInWithProviderFailed ? error.message : AUTH_MESSAGES.providerFailed('Google');
      void response.redirect(`${this.config.publicAppUrl}/auth?error=${encodeURIComponent(message)}`, 302);
    }
  }

  private async verify(request: FastifyRequest): Promise<VerifiedIdentity> {
    const google = this.config.google;
    if (!google) throw new SignInWithProviderFailed(AUTH_MESSAGES.providerNotConfigured('Google'));
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const boundState = readCookie(request, FLOW_COOKIE);
    if (!state || state !== boundState) throw new Error('state missing or not bound to this browser');
    const flow = await this.store.takeOidcFlow(state);
    if (!flow) throw new Error('unknown or expired sign-in flow');
    // The provider redirected to the registered redirect URI; rebuild it with the query the browser brought.
    const callbackUrl = new URL(google.redirectUri);
    callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
    return this.oidc.complete(callbackUrl, { state, codeVerifier: flow.codeVerifier, nonce: flow.nonce });
  }

  /** The linked account; else the account with this verified e-mail (linked now); else a new account. */
  private async userFor(identity: VerifiedIdentity): Promise<{ userId: string; created: boolean }> {
    const linked = await this.store.findUserIdByExternalIdentity('google', identity.subject);
    if (linked) return { userId: linked, created: false };
    if (!identity.email || !identity.emailVerified)
      throw new SignInWithProviderFailed('Your Google account has no verified e-mail address.');
    const existing = await this.store.findUserByEmail(identity.email);
    if (existing) {
      await this.store.executeUser(existing.user_id, {
        type: 'LinkExternalIdentity',
        data: { provider: 'google', subject: identity.subject, email: identity.email, now: new Date().toISOString() },
      });
      return { userId: existing.user_id, created: false };
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { user } = await this.registration.register({
          email: identity.email,
          username: usernameFrom(identity.email, attempt),
          displayName: identity.name,
          passwordHash: null,
          method: 'google',
          userType: 'user',
          demoPersona: null,
          emailConfirmed: true,
          confirmation: null,
          externalIdentity: { provider: 'google', subject: identity.subject },
        });
        return { userId: user.userId, created: true };
      } catch (error) {
        if (error instanceof UniquenessViolation && error.constraint === 'username' && attempt < USERNAME_ATTEMPTS)
          continue;
        // The same Google account signing in twice at once: the other request linked it first.
        if (
          error instanceof UniquenessViolation &&
          (error.constraint === 'external_identity' || error.constraint === 'email')
        ) {
          const winner = await this.store.findUserIdByExternalIdentity('google', identity.subject);
          if (winner) return { userId: winner, created: false };
        }
        throw error;
      }
    }
  }
}

/** `?ref=CODE` of the start request when it is a well-formed code (upper-cased), else null. */
function referralCodeOf(request: FastifyRequest): string | null {
  const ref = (request.query as Record<string, unknown>).ref;
  const parsed = ReferralCodeSchema.safeParse(typeof ref === 'string' ? ref : '');
  return parsed.success && /^[A-Z0-9]+$/.test(parsed.data) ? parsed.data : null;
}

/** What the web app's callback page shows: the referral points (its toast), or why the code was not applied. */
function referralQuery(referral: SignUpReferral | null): string {
  if (!referral) return '';
  const query = referral.applied
    ? new URLSearchParams({
        referral: 'applied',
        referral_code: referral.referral_code,
        referred_reward: String(referral.referred_reward),
      })
    : new URLSearchParams({
        referral: 'refused',
        referral_code: referral.referral_code,
        referral_error: referral.error,
      });
  return `?${query.toString()}`;
}

/** `Jane.Doe+x@example.com` → `JaneDoex`; later attempts add digits to get past a taken name. */
export function usernameFrom(email: string, attempt: number): string {
  let base = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `${base}user`.slice(0, 24);
  return attempt === 1 ? base : `${base}${randomInt(1000, 100000)}`;
}
