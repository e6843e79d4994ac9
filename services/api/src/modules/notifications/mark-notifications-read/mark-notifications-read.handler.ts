import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import type { InboxEvent, InboxState } from '../domain/inbox';
import { inboxStreams } from '../infrastructure/inbox-streams';

/**
 * Records what the user read on their inbox stream: `decide` (a rule of `domain/inbox.ts`) runs on the loaded state
 * and its events are appended with the loaded version; a concurrent mark makes the runner decide again. Answers the
 * inbox after it.
 */
@Injectable()
export class MarkNotificationsReadHandler {
  constructor(
    private readonly runner: UseCaseRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  execute(userId: string, decide: (state: InboxState) => InboxEvent[]): Promise<InboxState> {
    return this.runner.run<InboxState>({
      lockKeys: [inboxStreams.streamId(userId)],
      decide: async (unit) => {
        const loaded = await inboxStreams.load(this.eventStore, userId, unit.transaction);
        const events = decide(loaded.state);
        return { appends: inboxStreams.appendOf(loaded, events), answer: () => inboxStreams.advance(loaded, events) };
      },
    });
  }
}
