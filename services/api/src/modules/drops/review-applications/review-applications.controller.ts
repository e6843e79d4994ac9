import { Body, Controller, Param } from '@nestjs/common';
import {
  approveApplicationRoute,
  completeApplicationRoute,
  rejectApplicationRoute,
  submitWorkRoute,
  type CompleteApplicationRequest,
  type DropApplicationView,
  type SubmitWorkRequest,
} from '@app/contracts/drops';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { notFound } from '../../../platform/http/api-error';
import { DROP_MESSAGES } from '@app/contracts/drops';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import type { DropCommand } from '../domain/decision';
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
@Controller()
export class ReviewApplicationsController {
  constructor(
    private readonly runner: DropCommandRunner,
    private readonly facts: OutsideFacts,
  ) {}

  @Route(approveApplicationRoute)
  approve(
    @IdempotencyKey(approveApplicationRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ) {
    return this.step(idempotency, id, (applicationId, now) => ({
      type: 'ApproveApplication',
      data: { applicationId, callerId: caller.userId, now },
    }));
  }

  @Route(rejectApplicationRoute)
  reject(
    @IdempotencyKey(rejectApplicationRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ) {
    return this.step(idempotency, id, (applicationId, now) => ({
      type: 'RejectApplication',
      data: { applicationId, callerId: caller.userId, transactionId: newTransactionId(), now },
    }));
  }

  @Route(completeApplicationRoute)
  complete(
    @IdempotencyKey(completeApplicationRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(completeApplicationRoute.body)) body: CompleteApplicationRequest,
  ) {
    return this.step(idempotency, id, async (applicationId, now, drop) => {
      // Asked here, before the unit of work opens (an embedded database has one session), at the completion time.
      const applicant = drop.applications[applicationId]?.applicantUserId;
      const keyMultiplier = applicant && drop.kind === 'move' ? await this.facts.keyMultiplier(applicant, now) : 1;
      return {
        type: 'CompleteApplication',
        data: {
          applicationId,
          callerId: caller.userId,
          reviewScore: body.review_score,
          keyMultiplier,
          transactionId: newTransactionId(),
          now,
        },
      };
    });
  }

  @Route(submitWorkRoute)
  submit(
    @IdempotencyKey(submitWorkRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(submitWorkRoute.body)) body: SubmitWorkRequest,
  ) {
    return this.step(idempotency, id, (applicationId, now) => ({
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
    idempotency: IdempotentRequest,
    id: string,
    commandOf: (applicationId: string, now: string, drop: DropState) => DropCommand | Promise<DropCommand>,
  ): Promise<DropApplicationView> {
    const applicationId = applicationIdFromPath(id);
    const dropId = await this.runner.dropOfApplication(applicationId);
    if (!dropId) throw notFound('APPLICATION_NOT_FOUND', DROP_MESSAGES.applicationNotFound);
    return this.runner.run<DropApplicationView>(
      dropId,
      async (drop) => ({ command: await commandOf(applicationId, new Date().toISOString(), drop) }),
      (state) => toApplicationView(state.applications[applicationId], state),
      idempotency,
    );
  }
}
