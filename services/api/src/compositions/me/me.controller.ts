import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getAppMeRoute, getMeRoute } from '@app/contracts/ledger';
import { Route } from '../../platform/http/route.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../platform/http/authenticated-user';
import { composeMe } from './compose-me';

/** `GET /api/users/me`: the signed-in user as every context knows them (see composeMe). */
@Controller()
export class MeController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(getMeRoute)
  me(@CurrentUser() caller: AuthenticatedUser) {
    return composeMe(this.queryBus, caller.userId);
  }
}

/** `GET /api/app/users/me`: the authentication debugger's alias of `GET /api/users/me`. */
@Controller()
export class AppUsersAliasController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(getAppMeRoute)
  me(@CurrentUser() caller: AuthenticatedUser) {
    return composeMe(this.queryBus, caller.userId);
  }
}
