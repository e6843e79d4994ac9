import { displayNameOf } from '@app/contracts/identity';
import { Body, Controller, Param } from '@nestjs/common';
import {
  closeDropRoute,
  createDropRoute,
  deleteDropRoute,
  kindFromFlags,
  updateDropRoute,
  type CreateDropRequest,
  type DropView,
  type UpdateDropRequest,
} from '@app/contracts/drops';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import { normaliseTerms } from '../domain/create-or-edit';
import { dropIdFromPath, newId } from '../drop-ids';
import { toDropView } from '../drop-views';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { OutsideFacts } from '../infrastructure/outside-facts';
import {
  checkEditedTerms,
  detailChangesOf,
  detailsOfCreate,
  keyPoolOf,
  poolOfCreate,
  requestedKindOf,
  termChangesOf,
  termsOfCreate,
} from './drop-request-mapping';

/**
 * Create, edit, delete and close a drop (`createDropRoute`, `updateDropRoute`, `deleteDropRoute`, `closeDropRoute`).
 * Creating a paid drop escrows its gem pool from the advertiser's gems, a move drop its key pool from the
 * advertiser's keys; an edit of a pool moves the difference; closing or deleting returns what is left. Every one
 * honours `Idempotency-Key`.
 */
@Controller()
export class ManageDropsController {
  constructor(
    private readonly runner: DropCommandRunner,
    private readonly facts: OutsideFacts,
  ) {}

  @Route(createDropRoute)
  async create(
    @IdempotencyKey(createDropRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createDropRoute.body)) body: CreateDropRequest,
  ): Promise<DropView> {
    const dropId = newId();
    const kind = kindFromFlags(body);
    return this.runner.run<DropView>(
      dropId,
      async () => {
        const user = await this.facts.user(caller.userId);
        const terms = termsOfCreate(kind, body);
        return {
          advertiserId: caller.userId,
          command: {
            type: 'CreateDrop',
            data: {
              dropId,
              creator: {
                userId: caller.userId,
                userType: user.user_type,
                tier: user.user_tier,
                name: displayNameOf(user),
                avatar: user.avatar_url,
              },
              kind,
              details: detailsOfCreate(body),
              terms,
              gemPoolTotalMinor: poolOfCreate(kind, body, terms),
              keyPoolTotalMinor: keyPoolOf(body),
              transactionId: newTransactionId(),
              now: new Date().toISOString(),
            },
          },
        };
      },
      (state) => toDropView(state),
      idempotency,
    );
  }

  @Route(updateDropRoute)
  async update(
    @IdempotencyKey(updateDropRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateDropRoute.body)) body: UpdateDropRequest,
  ): Promise<DropView> {
    const dropId = dropIdFromPath(id);
    return this.runner.run<DropView>(
      dropId,
      async (drop) => {
        const terms = termChangesOf(body);
        if (drop.exists && drop.creatorId === caller.userId && (requestedKindOf(body) ?? drop.kind) === drop.kind) {
          checkEditedTerms(drop.kind, normaliseTerms(drop.kind, { ...drop.terms, ...terms }));
        }
        return {
          command: {
            type: 'UpdateDrop',
            data: {
              dropId,
              callerId: caller.userId,
              requestedKind: requestedKindOf(body),
              details: detailChangesOf(body),
              terms,
              gemPoolTotalMinor: body.gem_pool_total ?? null,
              keyPoolTotalMinor: keyPoolOf(body),
              transactionId: newTransactionId(),
              now: new Date().toISOString(),
            },
          },
        };
      },
      (state) => toDropView(state),
      idempotency,
    );
  }

  @Route(deleteDropRoute)
  async remove(
    @IdempotencyKey(deleteDropRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ success: true; id: string }> {
    const dropId = dropIdFromPath(id);
    return this.runner.run<{ success: true; id: string }>(
      dropId,
      async () => ({
        command: {
          type: 'DeleteDrop',
          data: { dropId, callerId: caller.userId, transactionId: newTransactionId(), now: new Date().toISOString() },
        },
      }),
      () => ({ success: true, id: dropId }),
      idempotency,
    );
  }

  @Route(closeDropRoute)
  async close(
    @IdempotencyKey(closeDropRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<DropView> {
    const dropId = dropIdFromPath(id);
    return this.runner.run<DropView>(
      dropId,
      async () => ({
        command: {
          type: 'CloseDrop',
          data: { dropId, callerId: caller.userId, transactionId: newTransactionId(), now: new Date().toISOString() },
        },
      }),
      (state) => toDropView(state),
      idempotency,
    );
  }
}
