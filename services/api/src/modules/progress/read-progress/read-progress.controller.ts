import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getMyProgressRoute, type UserProgress } from '@app/contracts/progress';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GetUserProgressQuery } from '../queries/get-user-progress.query';

/** GET /api/users/me/progress: the caller's XP and level. */
@Controller()
export class ReadProgressController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(getMyProgressRoute)
  progress(@CurrentUser() caller: AuthenticatedUser): Promise<UserProgress> {
    return this.queryBus.execute(new GetUserProgressQuery(caller.userId));
  }
}
