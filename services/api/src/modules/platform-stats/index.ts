/** The platform statistics context's public surface. */
export { PlatformStatsModule } from './platform-stats.module';
