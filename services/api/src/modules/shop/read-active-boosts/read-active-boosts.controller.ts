import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetActiveBoostsQuery, getActiveBoostsRoute, type ActiveBoosts } from '@app/contracts/shop';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';

/** GET /api/users/active-boosts: the boosts the caller's gold shop purchases hold now (`GetActiveBoostsQuery`). */
@Controller()
export class ReadActiveBoostsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(getActiveBoostsRoute)
  boosts(@CurrentUser() caller: AuthenticatedUser): Promise<ActiveBoosts> {
    return this.queryBus.execute(new GetActiveBoostsQuery(caller.userId));
  }
}
