export * from './event-store/event-store-benchmark';
