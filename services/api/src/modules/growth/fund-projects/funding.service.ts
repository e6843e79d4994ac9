import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FundingProject, PledgeView } from '@app/contracts/growth';
import type { IdempotentRequest } from '../../../platform/idempotency/idempotency.service';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../../ledger';
import { decideProject, type ProjectCommand } from '../domain/funding';
import { insufficientGems, projectError } from '../growth-refusals';
import { countersOf, gems, toProject } from '../growth-views';
import { FundingProjects, projectStreams } from '../infrastructure/growth-streams';

export interface ProjectOutcome {
  project: FundingProject;
  pledge: PledgeView | null;
  transactionId: string | null;
}

/**
 * Funding commands on a project's stream, with the gems the decider moves (`domain/funding.ts`) in the same append.
 * Ids and time are fixed here, outside the unit of work.
 */
@Injectable()
export class FundingService {
  constructor(
    private readonly projects: FundingProjects,
    private readonly runner: UseCaseRunner,
  ) {}

  create(
    projectId: string,
    data: Extract<ProjectCommand, { type: 'CreateProject' }>['data'],
    idempotency?: IdempotentRequest,
  ): Promise<ProjectOutcome> {
    return this.execute(projectId, { type: 'CreateProject', data }, idempotency);
  }

  pledge(
    projectId: string,
    backer: { id: string; isDemo: boolean },
    amountMinor: bigint,
    tierId: string | null,
    now: string,
    idempotency?: IdempotentRequest,
  ): Promise<ProjectOutcome> {
    const pledgeId = randomUUID();
    const transactionId = newTransactionId();
    return this.execute(
      projectId,
      { type: 'Pledge', data: { pledgeId, backer, amountMinor, tierId, transactionId, now } },
      idempotency,
    );
  }

  settle(projectId: string, now: string, idempotency: IdempotentRequest): Promise<ProjectOutcome> {
    const transactionId = newTransactionId();
    return this.execute(projectId, { type: 'SettleProject', data: { transactionId, now } }, idempotency);
  }

  private execute(
    projectId: string,
    command: ProjectCommand,
    idempotency?: IdempotentRequest,
  ): Promise<ProjectOutcome> {
    const now = command.data.now;
    return this.runner.run({
      lockKeys: [projectStreams.streamId(projectId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.projects.load(projectId, unit.transaction);
        const decision = decideProject(command, loaded.state);
        if (decision.kind === 'refused') throw projectError(decision.refusal);
        const state = projectStreams.advance(loaded, decision.events);
        const made = decision.events.find((event) => event.type === 'PledgeMade');
        return {
          appends: projectStreams.appendOf(loaded, decision.events),
          money: decision.money,
          answer: (transactionId) => ({
            project: toProject(state, countersOf(state), now),
            pledge: made
              ? {
                  id: made.data.pledgeId,
                  project_id: projectId,
                  project_title: state.created!.title,
                  amount: gems(made.data.amountMinor),
                  reward_tier: made.data.tierId,
                  status: 'held' as const,
                  pledged_at: made.data.pledgedAt,
                }
              : null,
            transactionId,
          }),
        };
      },
      moneyRefusal: insufficientGems,
    });
  }
}
