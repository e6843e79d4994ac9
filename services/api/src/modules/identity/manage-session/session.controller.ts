import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionResponse } from '@app/contracts/identity';
import { notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { PROFILE_MESSAGES, refreshSessionRoute, signOutRoute, authProfileRoute } from '@app/contracts/identity';
import { sessionStreamId } from '../domain/session';
import { IdentityStore } from '../infrastructure/identity-store';
import { SessionIssuer } from '../infrastructure/sessions';
import { toUserView } from '../infrastructure/views';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { clearSessionCookie, clientAddressOf, setSessionCookie } from '../infrastructure/session-cookie';
import { Route } from '../../../platform/http/route.decorator';

@Controller()
export class SessionController {
  constructor(
    private readonly store: IdentityStore,
    private readonly sessions: SessionIssuer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Rotation: the new session starts and the old one is revoked in one append; a second refresh with the old token is a
   * 401.
   */
  @Route(refreshSessionRoute)
  async refresh(
    @CurrentUser() caller: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SessionResponse> {
    const now = new Date().toISOString();
    const clientAddress = clientAddressOf(request);
    const rotation = {
      userId: caller.userId,
      method: 'refresh' as const,
      clientAddress,
      rotatedFromSessionId: caller.sessionId,
    };
    const prepared = this.sessions.prepare(rotation, now);
    const rotated = { reason: 'rotated' as const, replacedBySessionId: prepared.sessionId, now };
    const revoke = { type: 'RevokeSession' as const, data: rotated };
    const session = await this.store.execute(
      async (unit) => {
        const next = await this.sessions.start(unit, prepared);
        await unit.decideSession(caller.sessionId, revoke);
        return next;
      },
      [sessionStreamId(caller.sessionId)],
    );
    const row = await this.store.findUserById(caller.userId);
    if (!row) throw notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return {
      token: session.token,
      expires_at: session.expiresAt,
      user: toUserView(row, await this.store.referredBy(row.user_id)),
    };
  }

  /** Public so that signing out always clears the cookie, even with a session that already ended. */
  @Public()
  @Route(signOutRoute)
  async logout(
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ success: true }> {
    if (caller) {
      const now = new Date().toISOString();
      const signedOut = { reason: 'signed_out' as const, replacedBySessionId: null, now };
      const lockKeys = [sessionStreamId(caller.sessionId)];
      await this.store
        .execute((unit) => unit.decideSession(caller.sessionId, { type: 'RevokeSession', data: signedOut }), lockKeys)
        .catch((error: unknown) => {
          // Revoked concurrently (another logout or a refresh): the session is over either way.
          if ((error as { status?: number }).status !== 401) throw error;
        });
    }
    clearSessionCookie(response, this.config);
    return { success: true };
  }

  @Route(authProfileRoute)
  async profile(@CurrentUser() caller: AuthenticatedUser) {
    const row = await this.store.findUserById(caller.userId);
    if (!row) throw notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    return { success: true as const, user: toUserView(row, await this.store.referredBy(row.user_id)) };
  }
}
