import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/unit-of-work';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';
import { Inject, Injectable } from '@nestjs/common';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { contentRefusalToApiError } from '../content-refusals';
import {
  evolveComment,
  evolveContent,
  initialCommentState,
  initialContentState,
  type CommentState,
  type ContentState,
} from '../domain/content';
import {
  commentStreamId,
  contentStreamId,
  parseCommentEvent,
  parseContentEvent,
  type CommentEvent,
  type ContentEvent,
} from '../domain/content-events';
import { decideComment } from '../domain/decide-comment';
import { decideContent } from '../domain/decide-content';
import type { CommentCommand, ContentCommand } from '../domain/decision';
import { ContentListCache } from '../read-content/content-list-cache';
import { applyCommentEvents, applyContentEvents } from './inline-read-model';

interface Loaded<State> {
  state: State;
  version: bigint;
}

const appendOf = (
  streamId: string,
  version: bigint,
  events: readonly (ContentEvent | CommentEvent)[],
): AppendToStream => ({
  streamId,
  expectedVersion: version,
  events: events.map(({ type, data }) => ({ type, data })),
});

/**
 * Runs content and comment commands through the platform's use-case runner: loads the streams inside the unit of
 * work, asks the pure decider, writes the inline read models and hands the runner the events to append with their
 * expected versions (a conflict reruns the whole unit). Nothing here moves money.
 */
@Injectable()
export class ContentCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly useCases: UseCaseRunner,
    private readonly lists: ContentListCache,
  ) {}

  async loadContent(contentId: string, transaction?: TransactionHandle): Promise<Loaded<ContentState>> {
    const stored = await this.eventStore.readStream(
      contentStreamId(contentId),
      transaction ? { transaction } : undefined,
    );
    const state = stored.map(parseContentEvent).reduce(evolveContent, initialContentState(contentId));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  async loadComment(commentId: string, transaction?: TransactionHandle): Promise<Loaded<CommentState>> {
    const stored = await this.eventStore.readStream(
      commentStreamId(commentId),
      transaction ? { transaction } : undefined,
    );
    const state = stored.map(parseCommentEvent).reduce(evolveComment, initialCommentState(commentId));
    return { state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  /** A content command; `respond` builds the answer from the outcome (it runs inside the unit, after the writes). */
  runContent<Body>(
    command: ContentCommand,
    respond: (outcome: 'deleted' | 'archived' | undefined) => Body,
    idempotency?: IdempotentRequest,
  ): Promise<Body> {
    const contentId = command.data.contentId;
    return this.useCases.run<Body>({
      idempotency,
      lockKeys: [contentStreamId(contentId)],
      decide: async (unit) => {
        const loaded = await this.loadContent(contentId, unit.transaction);
        const decision = decideContent(command, loaded.state);
        if (decision.kind === 'refused') throw contentRefusalToApiError(decision.refusal, command.type);
        await applyContentEvents(unit.transaction, decision.events);
        unit.afterCommit(() => this.lists.invalidate());
        return {
          appends:
            decision.events.length > 0 ? [appendOf(contentStreamId(contentId), loaded.version, decision.events)] : [],
          answer: () => respond(decision.outcome),
        };
      },
    });
  }

  /**
   * A comment command. The comment names its content (a new one in the command; an existing one in its stream), so
   * the stream is read first to find it; the content's stream is read but never appended to (its version only
   * matters to content commands).
   */
  runComment<Body, Extra = null>(
    command: CommentCommand,
    respond: (comment: CommentState, content: ContentState, extra: Extra | null) => Body,
    idempotency?: IdempotentRequest,
    alongside?: (
      unit: UnitOfWork,
    ) => Promise<(Extra & { appends: AppendToStream[]; money: MoneyMovement | null }) | null>,
  ): Promise<Body> {
    const commentId = command.data.commentId;
    return this.useCases.run<Body>({
      idempotency,
      lockKeys: [commentStreamId(commentId)],
      decide: async (unit) => {
        const comment = await this.loadComment(commentId, unit.transaction);
        const contentId = command.type === 'PostComment' ? command.data.contentId : comment.state.contentId;
        const content = contentId
          ? await this.loadContent(contentId, unit.transaction)
          : { state: initialContentState(''), version: 0n };
        const parentId = command.type === 'PostComment' ? command.data.parentCommentId : null;
        const parent = parentId ? (await this.loadComment(parentId, unit.transaction)).state : undefined;
        const decision = decideComment(command, { comment: comment.state, content: content.state, parent });
        if (decision.kind === 'refused') throw contentRefusalToApiError(decision.refusal, command.type);
        await applyCommentEvents(unit.transaction, decision.events);
        unit.afterCommit(() => this.lists.invalidate());
        // Another context's part of the same command (a posted comment's reward): its events and money go in this
        // unit's one append, so both commit or neither does.
        const extra = alongside ? await alongside(unit) : null;
        return {
          appends: [appendOf(commentStreamId(commentId), comment.version, decision.events), ...(extra?.appends ?? [])],
          money: extra?.money ?? null,
          answer: () => respond(decision.events.reduce(evolveComment, comment.state), content.state, extra),
        };
      },
    });
  }
}
