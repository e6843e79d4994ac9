import { displayNameOf } from '@app/contracts/identity';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param } from '@nestjs/common';
import type pg from 'pg';
import {
  createFundingProjectRoute,
  getFundingProjectsRoute,
  getMyPledgesRoute,
  pledgeRoute,
  type CreateProjectResponse,
  type FundingProject,
  type PledgeResponse,
  type PledgeView,
  type ProjectCreatedSchema,
} from '@app/contracts/growth';
import type { z } from 'zod';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { evolveProject, initialProject } from '../domain/funding';
import { gems, toProject } from '../growth-views';
import { GrowthFacts } from '../infrastructure/growth-facts';
import { growthReadModel } from '../projections/growth-read-model';
import { FundingService } from './funding.service';

type CreateBody = z.output<typeof createFundingProjectRoute.body>;
type PledgeBody = z.output<typeof pledgeRoute.body>;
const LIST_LIMIT = 200;

/** Creator funding: projects (all or nothing by the deadline) and pledges held in each project's escrow. */
@Controller()
export class FundProjectsController {
  constructor(
    private readonly funding: FundingService,
    private readonly facts: GrowthFacts,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
  ) {}

  /** Sandboxes list sandbox projects and real accounts real ones: a pledge across the two is refused anyway. */
  @Route(getFundingProjectsRoute)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<FundingProject[]> {
    const [user] = await Promise.all([
      this.facts.user(caller.userId),
      this.readYourWrites.awaitProjections([growthReadModel.name]),
    ]);
    const rows = await this.database.query<{
      project_id: string;
      settled: 'funded' | 'failed' | null;
      raised: string;
      created: z.infer<typeof ProjectCreatedSchema>;
      backers: number;
      tiers: Record<string, number> | null;
    }>(
      `SELECT p.project_id, p.settled, p.raised_minor::text AS raised, p.created,
              (SELECT count(DISTINCT backer_id)::int FROM growth_pledges WHERE project_id = p.project_id) AS backers,
              (SELECT jsonb_object_agg(tier_id, n) FROM (SELECT tier_id, count(*)::int AS n FROM growth_pledges
                WHERE project_id = p.project_id AND tier_id IS NOT NULL GROUP BY tier_id) t) AS tiers
         FROM growth_projects p WHERE p.creator_is_demo = $1 ORDER BY p.created_at DESC LIMIT ${LIST_LIMIT}`,
      [user.is_demo],
    );
    const now = new Date().toISOString();
    return rows.rows.map((row) => {
      let state = evolveProject(initialProject(row.project_id), { type: 'ProjectCreated', data: row.created });
      if (row.settled) state = { ...state, settled: { outcome: row.settled, settledAt: now } };
      return toProject(
        state,
        { raisedMinor: BigInt(row.raised), backers: row.backers, tierBackers: row.tiers ?? {} },
        now,
      );
    });
  }

  @Route(createFundingProjectRoute)
  async create(
    @IdempotencyKey(createFundingProjectRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createFundingProjectRoute.body)) body: CreateBody,
  ): Promise<CreateProjectResponse> {
    const user = await this.facts.user(caller.userId);
    const { project } = await this.funding.create(
      randomUUID(),
      {
        creator: {
          id: caller.userId,
          name: displayNameOf(user),
          avatar: user.avatar_url ?? null,
          isDemo: user.is_demo,
        },
        title: body.title,
        description: body.description,
        category: body.category,
        goalMinor: body.funding_goal,
        minPledgeMinor: body.min_pledge,
        durationDays: body.duration_days,
        tiers: body.reward_tiers.map((tier) => ({
          amountMinor: tier.amount,
          title: tier.title,
          description: tier.description,
          estimatedDelivery: tier.estimatedDelivery,
        })),
        now: new Date().toISOString(),
      },
      idempotency,
    );
    return { success: true, project, message: `Project "${project.title}" created` };
  }

  @Route(pledgeRoute)
  async pledge(
    @IdempotencyKey(pledgeRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') projectId: string,
    @Body(new ZodValidationPipe(pledgeRoute.body)) body: PledgeBody,
  ): Promise<PledgeResponse> {
    const user = await this.facts.user(caller.userId);
    const outcome = await this.funding.pledge(
      projectId,
      { id: caller.userId, isDemo: user.is_demo },
      body.amount,
      body.reward_tier ?? null,
      new Date().toISOString(),
      idempotency,
    );
    const pledge = outcome.pledge!;
    return {
      success: true,
      pledge,
      project: outcome.project,
      transaction_id: outcome.transactionId!,
      message: `Pledged ${pledge.amount} gems to ${outcome.project.title}`,
    };
  }

  @Route(getMyPledgesRoute)
  async pledges(@CurrentUser() caller: AuthenticatedUser): Promise<PledgeView[]> {
    await this.readYourWrites.awaitProjections([growthReadModel.name]);
    const rows = await this.database.query<{
      pledge_id: string;
      project_id: string;
      title: string;
      amount: string;
      tier_id: string | null;
      status: PledgeView['status'];
      pledged_at: Date;
    }>(
      `SELECT l.pledge_id, l.project_id, p.created->>'title' AS title, l.amount_minor::text AS amount, l.tier_id,
              l.status, l.pledged_at
         FROM growth_pledges l JOIN growth_projects p USING (project_id) WHERE l.backer_id = $1
        ORDER BY l.pledged_at DESC LIMIT ${LIST_LIMIT}`,
      [caller.userId],
    );
    return rows.rows.map((row) => ({
      id: row.pledge_id,
      project_id: row.project_id,
      project_title: row.title,
      amount: gems(row.amount),
      reward_tier: row.tier_id,
      status: row.status,
      pledged_at: row.pledged_at.toISOString(),
    }));
  }
}
