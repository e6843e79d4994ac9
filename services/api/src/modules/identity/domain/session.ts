import type { z } from 'zod';
import type { SessionRevokedSchema, SessionStartedSchema } from '@app/contracts/identity';
import { assertNever, type Decision } from './user';

/** One sign-in, from its start to its revocation (sign-out or rotation by refresh). Pure. */
export type SessionEvent =
  | { type: 'SessionStarted'; data: z.infer<typeof SessionStartedSchema> }
  | { type: 'SessionRevoked'; data: z.infer<typeof SessionRevokedSchema> };

export const SESSION_EVENT_TYPES: readonly SessionEvent['type'][] = ['SessionStarted', 'SessionRevoked'];

export type SessionState =
  | { status: 'none' }
  | { status: 'active' | 'revoked'; sessionId: string; userId: string; tokenHash: string; expiresAt: string };

export const initialSessionState = (): SessionState => ({ status: 'none' });
export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;

export type SessionCommand =
  | { type: 'StartSession'; data: Omit<z.infer<typeof SessionStartedSchema>, 'startedAt'> & { now: string } }
  | {
      type: 'RevokeSession';
      data: { reason: 'signed_out' | 'rotated'; replacedBySessionId: string | null; now: string };
    };

export type SessionRefusal = 'SESSION_ALREADY_STARTED' | 'SESSION_NOT_FOUND' | 'SESSION_REVOKED' | 'SESSION_EXPIRED';

export function decideSession(command: SessionCommand, state: SessionState): Decision<SessionEvent, SessionRefusal> {
  const now = command.data.now;
  switch (command.type) {
    case 'StartSession': {
      if (state.status !== 'none') return { kind: 'refused', refusal: 'SESSION_ALREADY_STARTED' };
      const { now: _now, ...started } = command.data;
      return { kind: 'accepted', events: [{ type: 'SessionStarted', data: { ...started, startedAt: now } }] };
    }
    case 'RevokeSession': {
      if (state.status === 'none') return { kind: 'refused', refusal: 'SESSION_NOT_FOUND' };
      // Revoking twice is refused rather than ignored: two refreshes racing with one token must not both rotate.
      if (state.status === 'revoked') return { kind: 'refused', refusal: 'SESSION_REVOKED' };
      const expired = Date.parse(state.expiresAt) <= Date.parse(now);
      if (command.data.reason === 'rotated' && expired) return { kind: 'refused', refusal: 'SESSION_EXPIRED' };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'SessionRevoked',
            data: {
              sessionId: state.sessionId,
              userId: state.userId,
              reason: command.data.reason,
              replacedBySessionId: command.data.replacedBySessionId,
              revokedAt: now,
            },
          },
        ],
      };
    }
    default:
      return assertNever(command);
  }
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
      };
    case 'SessionRevoked':
      if (state.status === 'none') throw new Error('SessionRevoked before SessionStarted');
      return { ...state, status: 'revoked' };
    default:
      return assertNever(event);
  }
}
