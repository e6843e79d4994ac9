import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { VerifyIdentityReadModelQuery, type IdentityVerifyReport } from '../queries/verify-identity.query';

/** Operators: check that the users and sessions tables equal a fresh fold of the identity events. */
@AdminOnly()
@Controller('admin/identity')
export class IdentityAdminController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('verify')
  verify(): Promise<IdentityVerifyReport> {
    return this.queryBus.execute(new VerifyIdentityReadModelQuery());
  }
}
