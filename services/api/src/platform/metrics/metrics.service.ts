import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Seconds; from a fast read (1 ms) to a slow export page (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a scrape asks for right then: lag and queue figures are read at scrape time, never kept up to date. */
export interface ScrapeSources {
  projectionLag(): Promise<Array<{ name: string; lagEvents: number; lagSeconds: number }>>;
  jobCounts(): Promise<Array<{ name: string; state: string; count: number }>>;
}

/**
 * The process's Prometheus metrics. One registry per application (not prom-client's global one): tests start
 * several applications in one process, and each must answer only for itself.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly eventStoreDuration = new Histogram({
    name: 'event_store_operation_duration_seconds',
    help: 'Event store call duration by operation (append, read_stream, read_streams, read_all, head)',
    labelNames: ['operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly ledgerCommands = new Counter({
    name: 'ledger_transactions_total',
    help: 'Committed ledger transactions (commands that moved money) by reason code',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly ledgerPostings = new Counter({
    name: 'ledger_postings_total',
    help: 'Committed ledger postings by reason code',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly issuance = new Counter({
    name: 'ledger_issuance_minor_total',
    help: 'Value credited out of system:issuance, in minor units, by currency and reason code',
    labelNames: ['currency', 'reason'] as const,
    registers: [this.registry],
  });

  private sources: ScrapeSources | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.registry.setDefaultLabels({ role: config.role });
    collectDefaultMetrics({ register: this.registry });
    // prom-client calls `collect` with the gauge as `this`; these arrows keep the service at hand.
    const collectLag = (gauge: Gauge<'projection'>, field: 'lagEvents' | 'lagSeconds') => this.collectLag(gauge, field);
    const jobCounts = async () => (this.sources ? this.sources.jobCounts() : []);
    new Gauge({
      name: 'projection_lag_events',
      help: 'Events between a projection checkpoint and the head of the log',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        await collectLag(this, 'lagEvents');
      },
    });
    new Gauge({
      name: 'projection_lag_seconds',
      help: 'Age of the oldest event a projection has not yet processed (0 when caught up)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        await collectLag(this, 'lagSeconds');
      },
    });
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs in the queue by job name and state (waiting, delayed, active, failed)',
      labelNames: ['job', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await jobCounts()) this.set({ job: row.name, state: row.state }, row.count);
      },
    });
  }

  /** Wired once the projections and the queue exist (they are built after this service). */
  attachSources(sources: ScrapeSources): void {
    this.sources = sources;
  }

  /** One scrape's lag report, shared by the two lag gauges (prom-client collects them one after the other). */
  private lagRead: Promise<Array<{ name: string; lagEvents: number; lagSeconds: number }>> | undefined;

  private async collectLag(gauge: Gauge<'projection'>, field: 'lagEvents' | 'lagSeconds'): Promise<void> {
    gauge.reset();
    if (!this.sources) return;
    this.lagRead ??= this.sources.projectionLag().finally(() => setTimeout(() => (this.lagRead = undefined), 0));
    for (const row of await this.lagRead) gauge.set({ projection: row.name }, row[field]);
  }

  /** Times `work` into `histogram`, labelled with its outcome (ok or error). */
  async time<T>(operation: string, work: () => Promise<T>): Promise<T> {
    const end = this.eventStoreDuration.startTimer({ operation });
    try {
      const result = await work();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  }

  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
