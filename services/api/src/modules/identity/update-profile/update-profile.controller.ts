import { Body, Controller } from '@nestjs/common';
import {
  PROFILE_MESSAGES,
  updateProfileRoute,
  type ProfileChanges,
  type UpdateProfileRequest,
  type UserView,
} from '@app/contracts/identity';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { uniquenessError } from '../identity-refusals';
import { IdentityStore } from '../infrastructure/identity-store';
import { toUserView } from '../infrastructure/views';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';

/** The request's snake_case fields → the event's changes; absent fields stay as they are. */
export function profileChangesOf(body: UpdateProfileRequest): ProfileChanges {
  const changes: ProfileChanges = {};
  if (body.username !== undefined) changes.username = body.username;
  if (body.display_name !== undefined) changes.displayName = body.display_name;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (body.avatar_url !== undefined) changes.avatarUrl = body.avatar_url;
  if (body.banner_url !== undefined) changes.bannerUrl = body.banner_url;
  if (body.website_url !== undefined) changes.websiteUrl = body.website_url;
  if (body.social_links !== undefined) changes.socialLinks = body.social_links ?? {};
  return changes;
}

/** Users edit only their own profile: the target is always the caller, never an id from the request. */
@Controller()
export class UpdateProfileController {
  constructor(private readonly store: IdentityStore) {}

  @Route(updateProfileRoute)
  async update(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(updateProfileRoute.body)) body: UpdateProfileRequest,
  ): Promise<UserView> {
    const now = new Date().toISOString();
    const command = { type: 'UpdateProfile' as const, data: { changes: profileChangesOf(body), now } };
    await this.store.executeUser(caller.userId, command).catch((error: unknown) => {
      throw uniquenessError(error); // a username someone else has
    });
    const row = await this.store.findUserById(caller.userId);
    if (!row) throw notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    return toUserView(row, await this.store.referredBy(row.user_id));
  }
}
