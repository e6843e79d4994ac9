import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { UserProgress } from '@app/contracts/progress';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { GetUserProgressQuery } from '../queries/get-user-progress.query';

/** GET /api/users/me/progress: the caller's XP and level. */
@Controller('users')
export class ReadProgressController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me/progress')
  progress(@CurrentUser() caller: AuthenticatedUser): Promise<UserProgress> {
    return this.queryBus.execute(new GetUserProgressQuery(caller.userId));
  }
}
