import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import {
  completeApplicationRoute,
  submitWorkRoute,
  type CompleteApplicationRequest,
  type DropApplicationView,
  type SubmitWorkRequest,
} from '@app/contracts/src/drops';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { notFound } from '../../../platform/http/api-error';
import { DROP_MESSAGES } from '@app/contracts/src/drops';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import type { DropCommand } from '../domain/decide';
import type { DropState } from '../domain/drop';
import { applicationIdFromPath } from '../drop-ids';
import { toApplicationView } from '../drop-views';
import { DropCommandRunner } from '../infrastructure/drop-command-runner';
import { OutsideFacts } from '../infrastructure/outside-facts';

/**
 * The application's status machine: pending → approved | rejected (creator), approved → submitted (applicant),
 * submitted → completed → paid (creator; pays gems from the pool for paid drops, keys for move drops, times the
 * applicant's key multiplier from the shop).
 */
@Controller('drop-applications')
export class ReviewApplicationsController {
  constructor(
    private readonly runner: DropCommandRunner,
    private readonly facts: OutsideFacts,
  ) {}

  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string, @Headers('idempotency-key') key: string | undefined) {
    return this.step(caller, id, 'approve', key, {}, (applicationId, now) => ({
      type: 'ApproveApplication',
      data: { applicationId, callerId: caller.userId, now },
    }));
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string, @Headers('idempotency-key') key: string | undefined) {
    return this.step(caller, id, 'reject', key, {}, (applicationId, now) => ({
      type: 'RejectApplication',
      data: { applicationId, callerId: caller.userId, transactionId: newTransactionId(), now },
    }));
  }

  @Post(':id/complete')
  @HttpCode(200)
  complete(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(completeApplicationRoute.body)) body: CompleteApplicationRequest,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.step(caller, id, 'complete', key, body, async (applicationId, now, drop) => {
      // Asked here, before the unit of work opens (an embedded database has one session), at the completion time.
      const applicant = drop.applications[applicationId]?.applicantUserId;
      const keyMultiplier = applicant && drop.kind === 'move' ? await this.facts.keyMultiplier(applicant, now) : 1;
      return {
        type: 'CompleteApplication',
        data: { applicationId, callerId: caller.userId, reviewScore: body.review_score, keyMultiplier, transactionId: newTransactionId(), now },
      };
    });
  }

  @Post(':id/submit')
  @HttpCode(200)
  submit(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(submitWorkRoute.body)) body: SubmitWorkRequest,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.step(caller, id, 'submit', key, body, (applicationId, now) => ({
      type: 'SubmitWork',
      data: {
        applicationId,
        callerId: caller.userId,
        submissionType: body.submission_type,
        submissionData: body.submission_data,
        submissionNotes: body.submission_notes ?? null,
        now,
      },
    }));
  }

  private async step(
    caller: AuthenticatedUser,
    id: string,
    action: string,
    idempotencyKey: string | undefined,
    body: unknown,
    commandOf: (applicationId: string, now: string, drop: DropState) => DropCommand | Promise<DropCommand>,
  ): Promise<DropApplicationView> {
    const applicationId = applicationIdFromPath(id);
    const dropId = await this.runner.dropOfApplication(applicationId);
    if (!dropId) throw notFound('APPLICATION_NOT_FOUND', DROP_MESSAGES.applicationNotFound);
    const result = await this.runner.run<DropApplicationView>(
      { scope: `POST /api/drop-applications/${applicationId}/${action}:${caller.userId}`, idempotencyKey, body },
      dropId,
      async (drop) => ({ command: await commandOf(applicationId, new Date().toISOString(), drop) }),
      (state) => ({ status: 200, body: toApplicationView(state.applications[applicationId], state) }),
    );
    return result.body;
  }
}
