import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SignInMethod } from '@app/contracts/identity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import type { UnitOfWork } from './identity-store';
import { hashToken, newOpaqueToken } from './secrets';

export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresAt: string;
}

/** Starts sessions inside a unit of work, so a sign-up and its first session commit together. */
@Injectable()
export class SessionIssuer {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  async start(
    unit: UnitOfWork,
    input: { userId: string; method: SignInMethod; clientAddress: string | null; rotatedFromSessionId?: string },
  ): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const token = newOpaqueToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlMs).toISOString();
    await unit.decideSession(sessionId, {
      type: 'StartSession',
      data: {
        sessionId,
        userId: input.userId,
        tokenHash: hashToken(token),
        method: input.method,
        rotatedFromSessionId: input.rotatedFromSessionId ?? null,
        expiresAt,
        clientAddress: input.clientAddress,
      },
      metadata: { now: now.toISOString() },
    });
    return { sessionId, token, expiresAt };
  }
}
