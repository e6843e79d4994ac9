import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Provider } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../../platform/jobs/job-queue.port';
import type { Queryable } from '../infrastructure/ledger-audit';
import { DIGEST_CONFIG, loadDigestConfig, type DigestConfig } from './digest-signing';
import { LedgerDigests, RECORD_DIGEST_JOB } from './ledger-digests';

/** Records a signed digest every LEDGER_DIGEST_INTERVAL_MINUTES (default hourly), through the job port. */
@Injectable()
export class DigestJob {
  private readonly logger = new Logger('LedgerDigests');

  constructor(
    private readonly digests: LedgerDigests,
    @Inject(DIGEST_CONFIG) private readonly config: DigestConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async schedule(): Promise<void> {
    this.queue.registerHandler(RECORD_DIGEST_JOB, async () => {
      const { digest, recorded } = await this.digests.record({ skipUnchanged: true });
      if (recorded) this.logger.log(`Recorded the digest at ${digest.position}: ${digest.root}`);
    });
    await this.queue.schedule(RECORD_DIGEST_JOB, { everyMs: this.config.intervalMinutes * 60_000 });
  }
}

export const DIGEST_PROVIDERS: Provider[] = [
  {
    provide: DIGEST_CONFIG,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => loadDigestConfig(config.dataDirectory),
  },
  {
    provide: LedgerDigests,
    inject: [EVENT_STORE, DATABASE_POOL, DIGEST_CONFIG],
    useFactory: (eventStore: EventStore, database: Queryable, config: DigestConfig) =>
      new LedgerDigests(eventStore, database, config.privateKey),
  },
  DigestJob,
];
