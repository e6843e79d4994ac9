import { Controller, Get } from '@nestjs/common';
import type { BrandProfileResponse } from '@app/contracts/advertisers';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { BrandProfiles } from '../infrastructure/brand-profiles';

/** `GET /api/users/brand-profile`: the caller's brand (spec 3 §3), from the inline row (current after a save). */
@Controller('users/brand-profile')
export class ReadBrandProfileController {
  constructor(private readonly profiles: BrandProfiles) {}

  @Get()
  async read(@CurrentUser() caller: AuthenticatedUser): Promise<BrandProfileResponse> {
    return { status: 'success', message: 'Brand profile', data: await this.profiles.read(caller.userId) };
  }
}
