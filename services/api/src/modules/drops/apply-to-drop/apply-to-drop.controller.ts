import { displayNameOf } from '@app/contracts/identity';
import { Body, Controller, Param } from '@nestjs/common';
import {
  applyToDropRoute,
  DROP_MESSAGES,
  type ApplyToDropRequest,
  type DropApplicationView,
} from '@app/contracts/drops';
import { forbidden } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import { dropIdFromPath, newId } from '../drop-ids';
import { toApplicationView } from '../drop-views';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { OutsideFacts } from '../infrastructure/outside-facts';

/**
 * `applyToDropRoute` {application_message}. Every rule is decided on the drop's stream, so 50 parallel
 * applications to 10 seats take exactly 10 (the append's expected version serialises them across processes; in
 * one process they queue on the drop). Paid drops spend keys, move drops points, through the ledger, atomically
 * with the application.
 */
@Controller()
export class ApplyToDropController {
  constructor(
    private readonly runner: DropCommandRunner,
    private readonly facts: OutsideFacts,
  ) {}

  @Route(applyToDropRoute)
  async apply(
    @IdempotencyKey(applyToDropRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(applyToDropRoute.body)) body: ApplyToDropRequest,
  ): Promise<DropApplicationView> {
    const dropId = dropIdFromPath(id);
    const applicationId = newId();
    return this.runner.run<DropApplicationView>(
      dropId,
      async (drop) => {
        const now = new Date().toISOString();
        // Outside facts are only asked for when the drop's kind needs them.
        const user = await this.facts.user(caller.userId);
        // Demo sandboxes and real accounts never share a drop: its escrow would move value between them (the ledger
        // refuses direct transfers; a drop is two transfers through one escrow). Both flags are fixed at registration.
        if (drop.exists && (await this.facts.user(drop.creatorId)).is_demo !== user.is_demo) {
          throw forbidden(DROP_MESSAGES.demoIsolation, 'DEMO_ACCOUNT_ISOLATION');
        }
        const balances =
          drop.kind === 'proof' ? { keysMinor: 0n, pointsMinor: 0n } : await this.facts.balances(caller.userId);
        const masterKey =
          drop.exists && drop.kind === 'paid' ? await this.facts.masterKeyActivatedToday(caller.userId, now) : false;
        return {
          command: {
            type: 'ApplyToDrop',
            data: {
              applicationId,
              dropId,
              applicant: {
                userId: caller.userId,
                name: displayNameOf(user),
                followerCount: this.facts.followerCount(user),
                masterKeyActivatedToday: masterKey,
                keysAvailableMinor: balances.keysMinor,
                pointsAvailableMinor: balances.pointsMinor,
              },
              message: body.application_message,
              transactionId: newTransactionId(),
              now,
            },
          },
        };
      },
      (state) => toApplicationView(state.applications[applicationId], state),
      idempotency,
    );
  }
}
