import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser, type AuthenticatedUser } from '../../platform/http/authenticated-user';
import { composeMe } from './compose-me';

/** `GET /api/users/me`: the signed-in user as every context knows them (see composeMe). */
@Controller('users')
export class MeController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me')
  me(@CurrentUser() caller: AuthenticatedUser) {
    return composeMe(this.queryBus, caller.userId);
  }
}

/** `GET /api/app/users/me`: the authentication debugger's alias of `GET /api/users/me`. */
@Controller('app/users')
export class AppUsersAliasController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me')
  me(@CurrentUser() caller: AuthenticatedUser) {
    return composeMe(this.queryBus, caller.userId);
  }
}
