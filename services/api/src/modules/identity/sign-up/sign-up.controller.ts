import { Body, Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import { CommandBus, CommandHandlerNotFoundException } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  signUpRoute,
  type SignUpReferral,
  type SignUpRequest,
  type SignUpResponse,
} from '@app/contracts/identity';
import { ApiError, badRequest, tooManyRequests } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { uniquenessError } from '../identity-refusals';
import { AccountRegistration } from '../register-accounts/account-registration';
import { AdminEmails } from '../register-accounts/admin-emails';
import { EMAIL_SENDER, type EmailSender } from '../infrastructure/email-sender';
import { IdentityStore } from '../infrastructure/identity-store';
import { isTooGuessable } from '../infrastructure/password-strength';
import { hashPassword, hashToken, newOpaqueToken } from '../infrastructure/secrets';
import { SignUpThrottle } from '../infrastructure/sign-in-throttle';
import { toUserView } from '../infrastructure/views';
import { clientAddressOf, setSessionCookie } from '../infrastructure/session-cookie';
import { ApplySignUpReferralCommand } from './apply-sign-up-referral.command';
import { Route } from '../../../platform/http/route.decorator';

@Controller()
export class SignUpController {
  private readonly logger = new Logger('SignUp');

  constructor(
    private readonly commandBus: CommandBus,
    private readonly registration: AccountRegistration,
    private readonly store: IdentityStore,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly throttle: SignUpThrottle,
    private readonly adminEmails: AdminEmails,
  ) {}

  @Public()
  @Route(signUpRoute)
  async signUp(
    @Body(new ZodValidationPipe(signUpRoute.body)) body: SignUpRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SignUpResponse> {
    const clientAddress = clientAddressOf(request);
    const verdict = await this.throttle.attempt(clientAddress);
    if (!verdict.allowed) {
      const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
      throw tooManyRequests(AUTH_MESSAGES.tooManySignUps(minutes), 'TOO_MANY_SIGN_UPS', verdict.retryAfterSeconds);
    }
    // After the throttle, and counted by it: estimating a password costs up to a few hundred ms of CPU.
    if (isTooGuessable(body.password, [body.email, body.username, body.display_name ?? ''])) {
      throw badRequest('VALIDATION_ERROR', AUTH_MESSAGES.passwordTooCommon, [
        { field: 'password', message: AUTH_MESSAGES.passwordTooCommon },
      ]);
    }
    try {
      // A referral link's code that belongs to nobody is refused before anything is created: the person can fix it.
      if (body.referral_code && !(await this.store.findUserIdByReferralCode(body.referral_code))) {
        throw new ApiError(404, 'REFERRAL_CODE_NOT_FOUND', AUTH_MESSAGES.referralCodeUnknown, undefined, [
          { field: 'referral_code', message: AUTH_MESSAGES.referralCodeUnknown },
        ]);
      }
      return await this.registerAndAnswer(body, clientAddress, response);
    } catch (error) {
      await this.throttle.failed(clientAddress);
      throw error;
    }
  }

  private async registerAndAnswer(
    body: SignUpRequest,
    clientAddress: string,
    response: FastifyReply,
  ): Promise<SignUpResponse> {
    // Hashing happens before the transaction: it is slow and needs no database connection.
    const passwordHash = await hashPassword(body.password);
    const confirmationRequired = this.config.emailConfirmation.required;
    // An ADMIN_EMAILS address must prove it is the signer's before it grants anything: it is mailed a link even when
    // confirmation is otherwise off (the account works meanwhile, as a member).
    const confirmationToken =
      confirmationRequired || this.adminEmails.listed(body.email) ? newOpaqueToken() : undefined;
    const { user, session } = await this.registration
      .register({
        email: body.email,
        username: body.username,
        displayName: body.display_name ?? null,
        passwordHash,
        method: 'password',
        userType: 'user',
        demoPersona: null,
        emailConfirmed: confirmationToken === undefined,
        confirmation: confirmationToken
          ? {
              tokenHash: hashToken(confirmationToken),
              expiresAt: new Date(Date.now() + this.config.emailConfirmation.ttlMs).toISOString(),
            }
          : null,
        session: confirmationRequired ? undefined : { method: 'password', clientAddress },
      })
      .catch((error: unknown) => {
        throw uniquenessError(error); // an e-mail or username someone else has
      });
    if (confirmationToken) {
      await this.email.send({
        to: user.email,
        subject: 'Confirm your account',
        text:
          `Welcome, ${user.username}! Confirm your e-mail address by opening this link:\n` +
          `${this.config.emailConfirmation.confirmUrl}?token=${confirmationToken}`,
      });
    }
    const referral = body.referral_code
      ? await applySignUpReferral(this.commandBus, this.logger, user.userId, body.referral_code)
      : null;
    // `referral` answers only a sign-up that sent a code.
    const referralAnswer = referral ? { referral } : {};
    if (confirmationRequired)
      return { requiresConfirmation: true, message: AUTH_MESSAGES.confirmationRequired, ...referralAnswer };
    if (!session) throw new Error('sign-up without confirmation must start a session');
    const row = await this.store.findUserById(user.userId);
    if (!row) throw new Error(`user ${user.userId} committed but not readable`);
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return {
      requiresConfirmation: false,
      token: session.token,
      expires_at: session.expiresAt,
      user: toUserView(row, referral?.applied ? referral.referred_by : await this.store.referredBy(row.user_id)),
      ...referralAnswer,
    };
  }
}

/**
 * Applies a new account's referral code through the rewards context (spec 2 §9: 500 points to the referrer, 250 to
 * the new user). The account exists whatever happens here, so a failure is an answer (the Referral Program dialog
 * can apply the code later), never the sign-up's error.
 */
export async function applySignUpReferral(
  commandBus: CommandBus,
  logger: Logger,
  userId: string,
  referralCode: string,
): Promise<SignUpReferral> {
  try {
    return await commandBus.execute(new ApplySignUpReferralCommand(userId, referralCode));
  } catch (error) {
    if (!(error instanceof CommandHandlerNotFoundException))
      logger.error(`Referral ${referralCode} for new user ${userId} failed: ${(error as Error).message}`);
    return {
      applied: false,
      referral_code: referralCode,
      code: 'REFERRAL_NOT_APPLIED',
      error: 'The referral could not be applied. Try again from the Referral Program.',
    };
  }
}
