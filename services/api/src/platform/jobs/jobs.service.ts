import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  type Provider,
} from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_POOL, EVENT_STORE } from '../database/database.tokens';
import type { Queryable } from '../projections/projection-runner';
import { SharedEventReads } from '../projections/shared-event-reads';
import { JOB_QUEUE, type JobQueue } from './job-queue.port';
import { type Reactor, ReactorRunner } from './reactor';

/**
 * Starts the job worker and the reactors once every module has registered its handlers (in `onModuleInit`) and
 * reactors (with `reactorProviders(...)`), and closes them, with every Redis connection, at shutdown.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly reactors = new Map<string, Reactor>();
  private readonly runners: ReactorRunner[] = [];

  constructor(
    @Inject(JOB_QUEUE) readonly queue: JobQueue,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly liveReads: SharedEventReads,
  ) {}

  registerReactor(reactor: Reactor): void {
    if (this.reactors.has(reactor.name)) throw new Error(`Two reactors are named ${reactor.name}`);
    this.reactors.set(reactor.name, reactor);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const reactor of this.reactors.values()) {
      const runner = new ReactorRunner(reactor, this.eventStore, this.database, this.queue, {
        pollIntervalMs: this.config.projections.pollIntervalMs,
        batchSize: this.config.projections.batchSize,
        // The projections' shared reads: the reactors' polls fall on the same ticks and cost no read of their own.
        liveReads: this.liveReads,
        logger: this.logger,
      });
      await runner.initialize();
      this.runners.push(runner);
    }
    // Every role runs jobs (a handler may enqueue one); only processes that project also derive jobs from events.
    await this.queue.start();
    if (this.config.role !== 'http') for (const runner of this.runners) runner.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.queue.close();
  }

  reactorRunner(name: string): ReactorRunner | undefined {
    return this.runners.find((runner) => runner.reactor.name === name);
  }
}

/** `@Module({ providers: [...reactorProviders(payoutReactor)] })` registers reactors when the module loads. */
export function reactorProviders(...reactors: Reactor[]): Provider[] {
  class RegisterReactors {
    constructor(@Inject(JobsService) jobs: JobsService) {
      for (const reactor of reactors) jobs.registerReactor(reactor);
    }
  }
  return [
    { provide: Symbol(`reactors:${reactors.map((reactor) => reactor.name).join(',')}`), useClass: RegisterReactors },
  ];
}
