import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { verifyIdentityReadModelRoute } from '@app/contracts/identity';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { VerifyIdentityReadModelQuery, type IdentityVerifyReport } from '../queries/verify-identity.query';

/** Operators: check that the users and sessions tables equal a fresh fold of the identity events. */
@AdminOnly()
@Controller()
export class IdentityAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Route(verifyIdentityReadModelRoute)
  verify(): Promise<IdentityVerifyReport> {
    return this.queryBus.execute(new VerifyIdentityReadModelQuery());
  }
}
