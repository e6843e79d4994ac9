import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, demoSignInRoute, type SessionResponse } from '@app/contracts/identity';
import { forbidden, notFound, tooManyRequests } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IdentityStore } from '../infrastructure/identity-store';
import { SessionIssuer } from '../infrastructure/sessions';
import { SignUpThrottle } from '../infrastructure/sign-in-throttle';
import { toUserView } from '../infrastructure/views';
import { clientAddressOf, setSessionCookie } from '../infrastructure/session-cookie';
import { DemoPersonas } from './demo-personas';
import { Route } from '../../../platform/http/route.decorator';

@Controller()
export class DemoSignInController {
  constructor(
    private readonly personas: DemoPersonas,
    private readonly store: IdentityStore,
    private readonly sessions: SessionIssuer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly throttle: SignUpThrottle,
  ) {}

  @Public()
  @Route(demoSignInRoute)
  async demoSignIn(
    @Param('persona') rawPersona: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SessionResponse> {
    const parsed = demoSignInRoute.params.shape.persona.safeParse(rawPersona);
    if (!parsed.success) throw notFound('DEMO_PERSONA_NOT_FOUND', AUTH_MESSAGES.demoLoginFailed(rawPersona));
    const persona = parsed.data;
    if (!this.config.demoLoginsEnabled) throw forbidden(AUTH_MESSAGES.demoLoginsDisabled, 'DEMO_LOGINS_DISABLED');
    const verdict = await this.throttle.attemptDemoLogin(clientAddressOf(request));
    if (!verdict.allowed) {
      const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
      throw tooManyRequests(
        AUTH_MESSAGES.tooManyDemoLogins(minutes),
        'TOO_MANY_DEMO_LOGINS',
        verdict.retryAfterSeconds,
      );
    }
    // Every demo login is a fresh sandbox of its own (see DemoPersonas).
    const row = await this.personas.create(persona);
    const now = new Date().toISOString();
    const prepared = this.sessions.prepare(
      { userId: row.user_id, method: 'demo', clientAddress: clientAddressOf(request) },
      now,
    );
    const session = await this.store.execute((unit) => this.sessions.start(unit, prepared));
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return {
      token: session.token,
      expires_at: session.expiresAt,
      user: toUserView(row, await this.store.referredBy(row.user_id)),
    };
  }
}
