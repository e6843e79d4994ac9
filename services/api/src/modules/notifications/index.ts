/**
 * The notifications context's public surface. New notification rules go in `projections/notification-rules.ts` or the
 * projection.
 */
