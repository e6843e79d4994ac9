import { join } from 'node:path';
import { Inject, Logger, Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { AccountRegistration } from './register-accounts/account-registration';
import {
  ChangeUserTierHandler,
  ChangeUserTypeHandler,
  GrantAdminRoleHandler,
} from './change-user-roles/user-role.commands';
import { ConfirmEmailController } from './confirm-email/confirm-email.controller';
import { DemoPersonas } from './sign-in-as-demo/demo-personas';
import { DEMO_SANDBOX_EXPIRY_JOB, DemoSandboxExpiry } from './sign-in-as-demo/demo-sandbox-expiry.job';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { DemoSignInController } from './sign-in-as-demo/demo-sign-in.controller';
import { GoogleOidcClient } from './sign-in-with-google/google-oidc.client';
import { GoogleSignInController } from './sign-in-with-google/google-sign-in.controller';
import { IDENTITY_CONFIG, loadIdentityConfig, type IdentityConfig } from './identity.config';
import { IMAGE_STORAGE } from './store-images/image-storage.port';
import { ImagesController } from './store-images/images.controller';
import { LocalDiskImageStorage } from './store-images/local-disk-image-storage';
import { S3ImageStorage } from './store-images/s3-image-storage';
import { StoreImageHandler } from './store-images/store-image.command';
import { EMAIL_SENDER, LoggingEmailSender } from './infrastructure/email-sender';
import { IdentityStore } from './infrastructure/identity-store';
import { SessionCache } from './infrastructure/session-cache';
import { CommandBusLedgerAccounts } from './infrastructure/ledger-accounts.adapter';
import { LEDGER_ACCOUNTS } from './infrastructure/ledger-accounts.port';
import { SessionIssuer } from './infrastructure/sessions';
import { AttemptCounters, SignInThrottle, SignUpThrottle } from './infrastructure/sign-in-throttle';
import { AdminEmails } from './register-accounts/admin-emails';
import { UpdateProfileController } from './update-profile/update-profile.controller';
import { GetUserQueryHandler } from './queries/get-user.query';
import { FindUserIdByReferralCodeHandler } from './queries/find-user-by-referral-code.query';
import { GetPublicUserHandler } from './queries/get-public-user.query';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { referralsProjection } from './projections/referrals.projection';
import { VerifyIdentityReadModelHandler } from './queries/verify-identity.query';
import { IdentityAdminController } from './verify-identity/identity-admin.controller';
import { SessionController } from './manage-session/session.controller';
import { SignInController } from './sign-in/sign-in.controller';
import { SignUpController } from './sign-up/sign-up.controller';
import { SessionGuard } from '../../platform/http/session.guard';
import { SESSION_PORT } from '../../platform/http/session.port';
import { SessionAuthenticator } from './infrastructure/session-authenticator';

export const IDENTITY_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const IDENTITY_MIGRATIONS_TABLE = 'identity_migrations';

/**
 * Identity: accounts, sessions, profiles, roles and images. Implements the platform's session port and registers
 * the platform's global guard (APP_GUARD) on it, which every route in the application passes through.
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    SignUpController,
    SignInController,
    DemoSignInController,
    SessionController,
    ConfirmEmailController,
    GoogleSignInController,
    UpdateProfileController,
    ImagesController,
    IdentityAdminController,
  ],
  providers: [
    {
      provide: IDENTITY_CONFIG,
      inject: [APP_CONFIG],
      useFactory: (appConfig: AppConfig) => loadIdentityConfig(process.env, appConfig.dataDirectory),
    },
    {
      provide: IMAGE_STORAGE,
      inject: [IDENTITY_CONFIG],
      useFactory: (config: IdentityConfig) =>
        config.images.kind === 's3'
          ? new S3ImageStorage(config.images)
          : new LocalDiskImageStorage(config.images.directory),
    },
    { provide: EMAIL_SENDER, useClass: LoggingEmailSender },
    { provide: LEDGER_ACCOUNTS, useClass: CommandBusLedgerAccounts },
    SessionAuthenticator,
    { provide: SESSION_PORT, useExisting: SessionAuthenticator },
    { provide: APP_GUARD, useClass: SessionGuard },
    ...projectionProviders(referralsProjection),
    IdentityStore,
    SessionCache,
    SessionIssuer,
    AttemptCounters,
    SignInThrottle,
    SignUpThrottle,
    AccountRegistration,
    AdminEmails,
    DemoPersonas,
    DemoSandboxExpiry,
    GoogleOidcClient,
    GetUserQueryHandler,
    FindUserIdByReferralCodeHandler,
    GetPublicUserHandler,
    VerifyIdentityReadModelHandler,
    ChangeUserTypeHandler,
    ChangeUserTierHandler,
    GrantAdminRoleHandler,
    StoreImageHandler,
  ],
  exports: [IdentityStore, IDENTITY_CONFIG],
})
export class IdentityModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('IdentityModule');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly store: IdentityStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly demoSandboxExpiry: DemoSandboxExpiry,
    private readonly adminEmails: AdminEmails,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: IDENTITY_MIGRATIONS_DIRECTORY,
      migrationsTable: IDENTITY_MIGRATIONS_TABLE,
    });
    // Demo sandboxes unused for 7 days are expired every hour (see DemoSandboxExpiry).
    this.queue.registerHandler(DEMO_SANDBOX_EXPIRY_JOB, async () => {
      await this.demoSandboxExpiry.run();
    });
    await this.queue.schedule(DEMO_SANDBOX_EXPIRY_JOB, { cron: '17 * * * *' });
  }

  /**
   * Accounts listed in ADMIN_EMAILS get the admin role (recorded as an event) at every start, once their address is
   * confirmed (see AdminEmails): a listed address someone merely signed up with stays a member.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.adminEmails.grantAtStart();
  }
}
