import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ADVERTISER_MESSAGES, type BecomeAdvertiserResponse, becomeAdvertiserRoute } from '@app/contracts/advertisers';
import type { UserView } from '@app/contracts/identity';
import { CurrentSessionToken, CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { ChangeUserTypeCommand, getExistingUser } from '../../identity';
import { Route } from '../../../platform/http/route.decorator';

/**
 * `POST /api/users/become-advertiser`: the caller's user type becomes advertiser through identity's event-sourced
 * `ChangeUserTypeCommand` (a `UserTypeChanged` event; none when already an advertiser, so a double click records
 * one). The tier stays. Sessions are looked up per request, so the caller's token now carries the new type: it is
 * handed back with the user for the screens, which store both like a sign-in. Demo personas may do it too: their
 * sandbox isolation is identity's and the drops context's and does not depend on the user type.
 */
@Controller()
export class BecomeAdvertiserController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(becomeAdvertiserRoute)
  async become(
    @CurrentUser() caller: AuthenticatedUser,
    @CurrentSessionToken() token: string,
  ): Promise<BecomeAdvertiserResponse> {
    const before = await getExistingUser(this.queryBus, caller.userId);
    const user: UserView =
      before.user_type === 'advertiser'
        ? before
        : await this.commandBus.execute(new ChangeUserTypeCommand(caller.userId, 'advertiser'));
    const message =
      before.user_type === 'advertiser' ? ADVERTISER_MESSAGES.alreadyAdvertiser : ADVERTISER_MESSAGES.becameAdvertiser;
    return { status: 'success', message, token, user };
  }
}
