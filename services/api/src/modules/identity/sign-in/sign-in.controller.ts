import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, signInRoute, type SessionResponse, type SignInRequest } from '@app/contracts/src/identity';
import { forbidden, tooManyRequests, unauthorized } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AccountRegistration } from '../accounts/account-registration';
import { IdentityStore } from '../infrastructure/identity-store';
import { verifyPassword } from '../infrastructure/secrets';
import { SessionIssuer } from '../infrastructure/sessions';
import { SignInThrottle } from '../infrastructure/sign-in-throttle';
import { toUserView } from '../infrastructure/views';
import { clientAddressOf, setSessionCookie } from '../auth/bearer-token';

@Controller('auth')
export class SignInController {
  constructor(
    private readonly store: IdentityStore,
    private readonly sessions: SessionIssuer,
    private readonly throttle: SignInThrottle,
    private readonly registration: AccountRegistration,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @Post('signin')
  @HttpCode(200)
  async signIn(
    @Body(new ZodValidationPipe(signInRoute.body)) body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SessionResponse> {
    const clientAddress = clientAddressOf(request);
    const verdict = await this.throttle.check(body.email, clientAddress);
    if (!verdict.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManySignInAttempts(verdict.retryAfterMinutes), 'TOO_MANY_SIGN_IN_ATTEMPTS');
    const row = await this.store.findUserByEmail(body.email);
    const passwordMatches = await verifyPassword(row?.password_hash ?? null, body.password);
    if (!row || !passwordMatches) {
      await this.throttle.recordFailure(body.email, clientAddress);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    if (!row.email_confirmed && this.config.emailConfirmation.required) throw forbidden(AUTH_MESSAGES.emailNotConfirmed, 'EMAIL_NOT_CONFIRMED');
    await this.throttle.recordSuccess(body.email);
    const session = await this.store.execute((unit) => this.sessions.start(unit, { userId: row.user_id, method: 'password', clientAddress }));
    await this.registration.completeFollowUps(row.user_id, row);
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return { token: session.token, expires_at: session.expiresAt, user: toUserView(row, await this.store.referredBy(row.user_id)) };
  }
}
