import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ADVERTISER_MESSAGES,
  putBrandProfileRoute,
  type BrandProfileRequest,
  type BrandProfileResponse,
} from '@app/contracts/advertisers';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { requireAdvertiser } from '../advertiser-only';
import { BrandProfiles } from '../infrastructure/brand-profiles';
import { SaveBrandProfileHandler } from './save-brand-profile.handler';
import { Route } from '../../../platform/http/route.decorator';

/** `PUT /api/users/brand-profile`: the advertiser saves their brand (spec 3 §3, §5) and gets it back as stored. */
@Controller()
export class SaveBrandProfileController {
  constructor(
    private readonly handler: SaveBrandProfileHandler,
    private readonly profiles: BrandProfiles,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(putBrandProfileRoute)
  async save(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(putBrandProfileRoute.body)) body: BrandProfileRequest,
  ): Promise<BrandProfileResponse> {
    const user = await requireAdvertiser(this.queryBus, caller.userId);
    await this.handler.execute(caller.userId, {
      type: 'SaveBrandProfile',
      data: {
        callerType: user.user_type,
        brandName: body.brand_name,
        brandDescription: body.brand_description,
        brandWebsite: body.brand_website,
        brandEmail: body.brand_email,
        brandPhone: body.brand_phone,
        brandLogoUrl: body.brand_logo_url,
        now: new Date().toISOString(),
      },
    });
    const saved = await this.profiles.read(caller.userId);
    return { status: 'success', message: ADVERTISER_MESSAGES.brandSaved, data: saved };
  }
}
