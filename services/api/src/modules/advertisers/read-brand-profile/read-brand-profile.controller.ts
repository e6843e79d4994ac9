import { Controller } from '@nestjs/common';
import { getBrandProfileRoute, type BrandProfileResponse } from '@app/contracts/advertisers';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { BrandProfiles } from '../infrastructure/brand-profiles';
import { Route } from '../../../platform/http/route.decorator';

/** `GET /api/users/brand-profile`: the caller's brand (spec 3 §3), from the inline row (current after a save). */
@Controller()
export class ReadBrandProfileController {
  constructor(private readonly profiles: BrandProfiles) {}

  @Route(getBrandProfileRoute)
  async read(@CurrentUser() caller: AuthenticatedUser): Promise<BrandProfileResponse> {
    return { status: 'success', message: 'Brand profile', data: await this.profiles.read(caller.userId) };
  }
}
