export * from './job-queue.port';
export * from './in-process-job-queue';
export * from './bullmq-job-queue';
export * from './reactor';
export * from './jobs.service';
export * from './jobs.module';
