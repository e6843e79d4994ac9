import { SetMetadata } from '@nestjs/common';

/** Metadata key the global auth guard (identity) reads: a handler or controller marked with it needs no session. */
export const IS_PUBLIC_KEY = 'isPublic';
/** Metadata key the global auth guard reads: only an administrator may call it. */
export const ADMIN_ONLY_KEY = 'adminOnly';

/** No authentication needed (health, docs, sign-in). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Operators only (failed jobs, projection rebuilds). Enforced by identity's global guard. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY_KEY, true);
