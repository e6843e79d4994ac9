import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, signInRoute, type SessionResponse, type SignInRequest } from '@app/contracts/identity';
import { forbidden, tooManyRequests, unauthorized } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AccountRegistration } from '../register-accounts/account-registration';
import { IdentityStore } from '../infrastructure/identity-store';
import { verifyPassword } from '../infrastructure/secrets';
import { SessionIssuer } from '../infrastructure/sessions';
import { SignInThrottle } from '../infrastructure/sign-in-throttle';
import { toUserView } from '../infrastructure/views';
import { clientAddressOf, setSessionCookie } from '../infrastructure/session-cookie';
import { Route } from '../../../platform/http/route.decorator';

@Controller()
export class SignInController {
  constructor(
    private readonly store: IdentityStore,
    private readonly sessions: SessionIssuer,
    private readonly throttle: SignInThrottle,
    private readonly registration: AccountRegistration,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @Route(signInRoute)
  async signIn(
    @Body(new ZodValidationPipe(signInRoute.body)) body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SessionResponse> {
    const clientAddress = clientAddressOf(request);
    // The attempt is counted before the password is checked, in the same statement as the check (see SignInThrottle).
    const verdict = await this.throttle.attempt(body.email, clientAddress);
    if (!verdict.allowed) {
      const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
      throw tooManyRequests(
        AUTH_MESSAGES.tooManySignInAttempts(minutes),
        'TOO_MANY_SIGN_IN_ATTEMPTS',
        verdict.retryAfterSeconds,
      );
    }
    const row = await this.store.findUserByEmail(body.email);
    const passwordMatches = await verifyPassword(row?.password_hash ?? null, body.password);
    if (!row || !passwordMatches) throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    await this.throttle.succeeded(body.email, clientAddress);
    if (!row.email_confirmed && this.config.emailConfirmation.required)
      throw forbidden(AUTH_MESSAGES.emailNotConfirmed, 'EMAIL_NOT_CONFIRMED');
    const now = new Date().toISOString();
    const prepared = this.sessions.prepare({ userId: row.user_id, method: 'password', clientAddress }, now);
    const session = await this.store.execute((unit) => this.sessions.start(unit, prepared));
    await this.registration.completeFollowUps(row.user_id, row);
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return {
      token: session.token,
      expires_at: session.expiresAt,
      user: toUserView(row, await this.store.referredBy(row.user_id)),
    };
  }
}
