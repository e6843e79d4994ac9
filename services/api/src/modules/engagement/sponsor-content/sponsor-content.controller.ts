import { Body, Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  advertiserSponsorRoute,
  contentSponsorshipRoute,
  SPONSOR_PACKAGES,
  sponsorContentRoute,
  sponsoredContentRoute,
  sponsorPackageFor,
  type AdvertiserSponsorRequest,
  type ContentSponsorship,
  type SponsorContentRequest,
  type SponsorContentResponse,
  type SponsoredContentItem,
  type SponsorPackage,
} from '@app/contracts/engagement';
import { badRequest } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { GetContentForCommandQuery } from '../../content';
import { Public } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { contentIdOf } from '../engagement-ids';
import { SponsorshipCommands } from './sponsorship-commands';
import { SponsorshipReader } from '../infrastructure/sponsorship-reader';

/** A request that names no package is refused before anything is read or charged (never a package not chosen). */
function knownPackage(pkg: SponsorPackage | null): SponsorPackage {
  if (pkg) return pkg;
  const offered = SPONSOR_PACKAGES.map((candidate) => `${candidate.id} (${candidate.gems} gems)`).join(', ');
  throw badRequest('UNKNOWN_SPONSOR_PACKAGE', `Choose a sponsorship package: ${offered}`, [
    { field: 'package_id', message: 'matches no package' },
  ]);
}

/** Sponsoring content (spec 2 §9 packages; advertisers, not own content) and the live boosts. */
@Controller()
export class SponsorContentController {
  constructor(
    private readonly commands: SponsorshipCommands,
    private readonly reader: SponsorshipReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(sponsorContentRoute)
  sponsor(
    @IdempotencyKey(sponsorContentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(sponsorContentRoute.body)) body: SponsorContentRequest,
  ): Promise<SponsorContentResponse> {
    const pkg = knownPackage(
      sponsorPackageFor({
        packageId: body.package_id,
        gems: body.gems_allocated,
        multiplier: body.boost_multiplier,
        hours: body.duration_hours,
      }),
    );
    return this.commands.sponsor(caller, contentIdOf(rawId), pkg, idempotency);
  }

  @Route(advertiserSponsorRoute)
  sponsorFromForm(
    @IdempotencyKey(advertiserSponsorRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(advertiserSponsorRoute.body)) body: AdvertiserSponsorRequest,
  ): Promise<SponsorContentResponse> {
    const pkg = knownPackage(
      sponsorPackageFor({
        packageId: body.packageId,
        gems: body.gemAmount,
        multiplier: body.boostMultiplier,
        hours: body.durationHours,
      }),
    );
    return this.commands.sponsor(caller, contentIdOf(body.contentId), pkg, idempotency);
  }

  @Route(sponsoredContentRoute)
  @Public()
  async sponsored(): Promise<SponsoredContentItem[]> {
    const live = await this.reader.live(new Date().toISOString(), null, 50);
    const items: SponsoredContentItem[] = [];
    for (const sponsorship of live) {
      const content = await this.queryBus.execute(new GetContentForCommandQuery(sponsorship.content_id));
      // Archived items leave every list (content README); deleted ones are gone.
      if (!content || content.status !== 'active') continue;
      items.push({
        ...sponsorship,
        id: content.contentId,
        title: content.title,
        platform: content.platform,
        platform_url: content.platformUrl,
        creator_id: content.creatorId,
      });
    }
    return items;
  }

  @Route(contentSponsorshipRoute)
  @Public()
  sponsorship(@Param('id') rawId: string): Promise<ContentSponsorship> {
    return this.reader.forContent(contentIdOf(rawId), new Date().toISOString());
  }
}
