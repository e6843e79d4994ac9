import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SignInMethod } from '@app/contracts/identity';
import type { SessionCommand } from '../domain/session';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import type { IdentityUnit } from './identity-unit';
import { hashToken, newOpaqueToken } from './secrets';

export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresAt: string;
}

/** A session about to start: its id, token and time fixed before the unit of work, so a rerun starts the same one. */
export interface PreparedSession extends IssuedSession {
  command: Extract<SessionCommand, { type: 'StartSession' }>;
}

/** Starts sessions inside a unit of work, so a sign-up and its first session commit together. */
@Injectable()
export class SessionIssuer {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  prepare(
    input: { userId: string; method: SignInMethod; clientAddress: string | null; rotatedFromSessionId?: string },
    now: string,
  ): PreparedSession {
    const sessionId = randomUUID();
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.parse(now) + this.config.sessionTtlMs).toISOString();
    const command: PreparedSession['command'] = {
      type: 'StartSession',
      data: {
        sessionId,
        userId: input.userId,
        tokenHash: hashToken(token),
        method: input.method,
        rotatedFromSessionId: input.rotatedFromSessionId ?? null,
        expiresAt,
        clientAddress: input.clientAddress,
        now,
      },
    };
    return { sessionId, token, expiresAt, command };
  }

  async start(unit: IdentityUnit, session: PreparedSession): Promise<IssuedSession> {
    await unit.decideSession(session.sessionId, session.command);
    return { sessionId: session.sessionId, token: session.token, expiresAt: session.expiresAt };
  }
}
