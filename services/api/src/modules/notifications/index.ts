/** The notifications context's public surface. New notification rules go in `notification-rules.ts` or the projection. */
