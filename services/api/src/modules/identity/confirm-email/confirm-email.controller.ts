import { Body, Controller, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGES, confirmEmailFromLinkRoute, confirmEmailRoute } from '@app/contracts/identity';
import { ApiError } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AdminEmails } from '../register-accounts/admin-emails';
import { IdentityStore } from '../infrastructure/identity-store';
import { hashToken } from '../infrastructure/secrets';
import { Route } from '../../../platform/http/route.decorator';

@Controller()
export class ConfirmEmailController {
  constructor(
    private readonly store: IdentityStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly adminEmails: AdminEmails,
  ) {}

  @Public()
  @Route(confirmEmailRoute)
  async confirm(@Body(new ZodValidationPipe(confirmEmailRoute.body)) body: { token: string }) {
    await this.confirmToken(body.token);
    return { success: true as const, message: AUTH_MESSAGES.emailConfirmed };
  }

  /** The link in the e-mail: confirms, then sends the browser to the sign-in screen. */
  @Public()
  @Route(confirmEmailFromLinkRoute)
  async confirmFromLink(@Query('token') token: unknown, @Res() response: FastifyReply): Promise<void> {
    try {
      await this.confirmToken(typeof token === 'string' ? token : '');
      void response.redirect(`${this.config.publicAppUrl}/auth?confirmed=1`, 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void response.redirect(`${this.config.publicAppUrl}/auth?error=${encodeURIComponent(error.message)}`, 302);
    }
  }

  private async confirmToken(token: string): Promise<void> {
    const row = token ? await this.store.findUserByConfirmationToken(hashToken(token)) : undefined;
    if (!row) throw new ApiError(400, 'CONFIRMATION_TOKEN_INVALID', AUTH_MESSAGES.confirmationTokenInvalid);
    const now = new Date().toISOString();
    await this.store.executeUser(row.user_id, { type: 'ConfirmEmail', data: { tokenHash: hashToken(token), now } });
    // An address listed in ADMIN_EMAILS is an administrator's from the moment it is proven.
    await this.adminEmails.grantIfProven(row.user_id);
  }
}
