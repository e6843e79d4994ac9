import { Controller, Param } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import {
  PROFILE_MESSAGES,
  publicProfileByIdRoute,
  publicProfileByUsernameRoute,
  type PublicProfileResponse,
  type PublicUserView,
} from '@app/contracts/identity';
import type { AnyQuery } from '../../platform/cqrs/typed-buses';
import { notFound } from '../../platform/http/api-error';
import { Public } from '../../platform/http/public.decorator';
import { Route } from '../../platform/http/route.decorator';
import { GetCreatorContentQuery } from '../../modules/content';
import { ListDropsQuery } from '@app/contracts/drops';
import { GetPublicUserQuery } from '../../modules/identity';
import { GetLeaderboardPositionQuery } from '../../modules/leaderboard';

/** How many items of each list a profile shows. */
const PROFILE_LIST_LIMIT = 50;

/**
 * Public profiles: what anyone may see of a user, with their content (content context), the drops they posted
 * (drops context, advertisers only) and today's leaderboard position (leaderboard context), each asked through its
 * context's query; a context the application does not run answers nothing (empty list, null position).
 */
@Controller()
export class PublicProfileController {
  constructor(private readonly queryBus: QueryBus) {}

  // Declared before `:username` so that `/id/<id>` is never read as a username.
  @Public()
  @Route(publicProfileByIdRoute)
  async byId(@Param('id') id: string): Promise<PublicProfileResponse> {
    return this.answer(await this.queryBus.execute(new GetPublicUserQuery({ id })));
  }

  @Public()
  @Route(publicProfileByUsernameRoute)
  async byUsername(@Param('username') username: string): Promise<PublicProfileResponse> {
    return this.answer(await this.queryBus.execute(new GetPublicUserQuery({ username })));
  }

  private async answer(user: PublicUserView | null): Promise<PublicProfileResponse> {
    if (!user) throw notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    const [content, drops, position] = await Promise.all([
      this.ask(new GetCreatorContentQuery(user.id, PROFILE_LIST_LIMIT), []),
      user.user_type === 'advertiser'
        ? this.ask(new ListDropsQuery({ creatorId: user.id, limit: PROFILE_LIST_LIMIT, viewerId: user.id }), [])
        : [],
      this.ask(new GetLeaderboardPositionQuery(user.id), null),
    ]);
    return { user, content, drops, leaderboard_position: position };
  }

  private async ask<Result, Fallback>(query: AnyQuery<Result>, fallback: Fallback): Promise<Result | Fallback> {
    try {
      return await this.queryBus.execute(query);
    } catch (error) {
      if (error instanceof QueryHandlerNotFoundException) return fallback;
      throw error;
    }
  }
}
