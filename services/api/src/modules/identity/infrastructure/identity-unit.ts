import type { AppendToStream, EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { IDENTITY_EVENT_SCHEMAS } from '@app/contracts/identity';
import {
  decideUser,
  evolveUser,
  initialUserState,
  userStreamId,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '../domain/user';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  sessionStreamId,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from '../domain/session';
import { identityRefusalError } from '../identity-refusals';
import { writeSessionRow, writeUserRow } from './inline-read-model';

interface Staged<State, Event> {
  state: State;
  /** The version the state was loaded at: the expected version of the append. */
  version: bigint;
  staged: Event[];
}

/**
 * One identity use case's decisions inside the runner's unit of work: every user and session stream it decides on is
 * loaded once (in the unit's transaction), each decision is staged on it, and `finish` writes the inline rows and
 * hands the runner the appends with the versions loaded. A refusal throws the module's ApiError (`identity-refusals`).
 */
export class IdentityUnit {
  private readonly users = new Map<string, Staged<UserState, UserEvent>>();
  private readonly sessions = new Map<string, Staged<SessionState, SessionEvent>>();

  constructor(
    readonly transaction: TransactionHandle,
    private readonly eventStore: EventStore,
  ) {}

  async loadUser(userId: string): Promise<UserState> {
    return (await this.userEntry(userId)).state;
  }

  async loadSession(sessionId: string): Promise<SessionState> {
    return (await this.sessionEntry(sessionId)).state;
  }

  /** Decides and stages; returns the state after the staged events. */
  async decideUser(userId: string, command: UserCommand): Promise<UserState> {
    const entry = await this.userEntry(userId);
    const decision = decideUser(command, entry.state);
    if (decision.kind === 'refused') throw identityRefusalError(decision.refusal);
    entry.state = decision.events.reduce(evolveUser, entry.state);
    entry.staged.push(...decision.events);
    return entry.state;
  }

  async decideSession(sessionId: string, command: SessionCommand): Promise<SessionState> {
    const entry = await this.sessionEntry(sessionId);
    const decision = decideSession(command, entry.state);
    if (decision.kind === 'refused') throw identityRefusalError(decision.refusal);
    entry.state = decision.events.reduce(evolveSession, entry.state);
    entry.staged.push(...decision.events);
    return entry.state;
  }

  /**
   * Writes the inline rows of what was staged (users first: session rows reference them) in the unit's transaction
   * and answers the appends and the users whose rows changed.
   */
  async finish(): Promise<{ appends: AppendToStream[]; changedUsers: Set<string> }> {
    const appends: AppendToStream[] = [];
    const changedUsers = new Set<string>();
    for (const [userId, entry] of this.users) {
      if (entry.staged.length === 0) continue;
      appends.push({ streamId: userStreamId(userId), expectedVersion: entry.version, events: entry.staged });
      changedUsers.add(userId);
      const version = entry.version + BigInt(entry.staged.length);
      if (entry.state.status === 'registered') await writeUserRow(this.transaction, entry.state, version, entry.staged);
    }
    for (const [sessionId, entry] of this.sessions) {
      if (entry.staged.length === 0) continue;
      appends.push({ streamId: sessionStreamId(sessionId), expectedVersion: entry.version, events: entry.staged });
      if (entry.state.status !== 'none') changedUsers.add(entry.state.userId);
      await writeSessionRow(this.transaction, entry.staged, entry.version + BigInt(entry.staged.length));
    }
    return { appends, changedUsers };
  }

  private async userEntry(userId: string): Promise<Staged<UserState, UserEvent>> {
    let entry = this.users.get(userId);
    if (!entry) {
      const events = await this.eventStore.readStream(userStreamId(userId), { transaction: this.transaction });
      const state = events.map(toUserEvent).reduce(evolveUser, initialUserState());
      entry = { state, version: BigInt(events.length), staged: [] };
      this.users.set(userId, entry);
    }
    return entry;
  }

  private async sessionEntry(sessionId: string): Promise<Staged<SessionState, SessionEvent>> {
    let entry = this.sessions.get(sessionId);
    if (!entry) {
      const events = await this.eventStore.readStream(sessionStreamId(sessionId), { transaction: this.transaction });
      const state = events.map(toSessionEvent).reduce(evolveSession, initialSessionState());
      entry = { state, version: BigInt(events.length), staged: [] };
      this.sessions.set(sessionId, entry);
    }
    return entry;
  }
}

export function toUserEvent(event: StoredEvent): UserEvent {
  return { type: event.type, data: parsePayload(event) } as UserEvent;
}

function toSessionEvent(event: StoredEvent): SessionEvent {
  return { type: event.type, data: parsePayload(event) } as SessionEvent;
}

/** Payloads read back are parsed with their contract: a malformed recorded fact stops here, loudly. */
function parsePayload(event: StoredEvent): unknown {
  const schema = IDENTITY_EVENT_SCHEMAS[event.type as keyof typeof IDENTITY_EVENT_SCHEMAS];
  if (!schema) throw new Error(`Unknown identity event type ${event.type} in ${event.streamId}`);
  return schema.parse(event.data);
}
