import { Controller, Get, Param } from '@nestjs/common';
import { PROFILE_MESSAGES, type PublicProfileResponse } from '@app/contracts/identity';
import { notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { IdentityStore, type UserRow } from '../infrastructure/identity-store';
import { toPublicUserView } from '../infrastructure/views';

/**
 * Public profiles: what anyone may see of a user. Content, drops and leaderboard position belong to contexts that
 * do not exist yet; until they answer queries for them, the lists are empty and the position is null.
 */
@Controller('users/public')
export class PublicProfileController {
  constructor(private readonly store: IdentityStore) {}

  // Declared before `:username` so that `/id/<id>` is never read as a username.
  @Public()
  @Get('id/:id')
  async byId(@Param('id') id: string): Promise<PublicProfileResponse> {
    return this.answer(await this.store.findUserById(id));
  }

  @Public()
  @Get(':username')
  async byUsername(@Param('username') username: string): Promise<PublicProfileResponse> {
    return this.answer(await this.store.findUserByUsername(username));
  }

  private answer(row: UserRow | undefined): PublicProfileResponse {
    if (!row) throw notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    return { user: toPublicUserView(row), content: [], drops: [], leaderboard_position: null };
  }
}
