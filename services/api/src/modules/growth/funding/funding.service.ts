import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FundingProject, PledgeView, ProjectEvent } from '@app/contracts/growth';
import type { IdempotentRequest } from '../../../platform/idempotency/idempotency.service';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { escrowAccount, newTransactionId, userAccount } from '../../ledger';
import { decideProject, refundsByBacker, type ProjectCommand, type ProjectState } from '../domain/funding';
import { insufficientGems, projectError } from '../growth-errors';
import { countersOf, gems, toProject } from '../growth-views';
import { FundingProjects, projectStreams } from '../infrastructure/growth-streams';

export interface ProjectOutcome {
  project: FundingProject;
  pledge: PledgeView | null;
  transactionId: string | null;
}

/**
 * Funding commands on a project's stream. A pledge moves the backer's gems into `escrow:project:<id>`
 * (FUNDING_PLEDGE); settlement after the deadline moves the whole escrow to the creator when the goal is reached,
 * else back to each backer (FUNDING_SETTLEMENT), in one transaction: all or nothing.
 */
@Injectable()
export class FundingService {
  constructor(
    private readonly projects: FundingProjects,
    private readonly runner: UseCaseRunner,
  ) {}

  create(projectId: string, data: Extract<ProjectCommand, { type: 'CreateProject' }>['data'], idempotency?: IdempotentRequest): Promise<ProjectOutcome> {
    return this.execute(projectId, { type: 'CreateProject', data }, idempotency, () => null);
  }

  pledge(projectId: string, backer: { id: string; isDemo: boolean }, amountMinor: bigint, tierId: string | null, now: string, idempotency?: IdempotentRequest): Promise<ProjectOutcome> {
    const pledgeId = randomUUID();
    const transactionId = newTransactionId();
    return this.execute(projectId, { type: 'Pledge', data: { pledgeId, backer, amountMinor, tierId, transactionId, now } }, idempotency, (state) => ({
      transactionId,
      reasonCode: 'FUNDING_PLEDGE',
      description: `Pledge to ${state.created!.title}`,
      now,
      postings: [{ debitAccount: userAccount(backer.id), creditAccount: escrowAccount('project', projectId), currency: 'gems', amountMinor }],
      references: { projectId, pledgeId },
    }));
  }

  settle(projectId: string, now: string, idempotency: IdempotentRequest): Promise<ProjectOutcome> {
    const transactionId = newTransactionId();
    return this.execute(projectId, { type: 'SettleProject', data: { transactionId, now } }, idempotency, (state, events) => {
      const settled = events.find((event) => event.type === 'ProjectSettled');
      if (!settled || state.raisedMinor === 0n) return null;
      const escrow = escrowAccount('project', projectId);
      const project = state.created!;
      const postings =
        settled.data.outcome === 'funded'
          ? [{ debitAccount: escrow, creditAccount: userAccount(project.creatorId), currency: 'gems' as const, amountMinor: state.raisedMinor }]
          : refundsByBacker(state).map((refund) => ({ debitAccount: escrow, creditAccount: userAccount(refund.backerId), currency: 'gems' as const, amountMinor: refund.amountMinor }));
      return {
        transactionId,
        reasonCode: 'FUNDING_SETTLEMENT',
        description: settled.data.outcome === 'funded' ? `Funding for ${project.title}` : `Pledges returned: ${project.title} missed its goal`,
        now,
        postings,
        references: { projectId, outcome: settled.data.outcome },
      };
    });
  }

  private execute(
    projectId: string,
    command: ProjectCommand,
    idempotency: IdempotentRequest | undefined,
    money: (state: ProjectState, events: ProjectEvent[]) => MoneyMovement | null,
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
          // Settlement pays out what the escrow holds, i.e. the state before it (the same raised total).
          money: money(state, decision.events),
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
