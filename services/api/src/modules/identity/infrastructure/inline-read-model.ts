import type { TransactionHandle } from '@app/event-store';
import type { RegisteredUser, UserEvent } from '../domain/user';
import type { SessionEvent } from '../domain/session';

// Identity's inline read models: the users and sessions rows (and external identities) are written in the same
// transaction as the events they index, so a unique index refuses a clashing e-mail or username at once and a
// command may decide on them (ARCHITECTURE §4). Everything else reads them; `verify` compares them to a fresh fold.

export async function writeUserRow(
  transaction: TransactionHandle,
  user: RegisteredUser,
  version: bigint,
  staged: UserEvent[],
): Promise<void> {
  await transaction.query(
    `INSERT INTO identity_users (user_id, email, username, display_name, bio, avatar_url, banner_url, website_url,
        social_links, user_type, tier, is_admin, referral_code, password_hash, demo_persona, email_confirmed,
        confirmation_token_hash, confirmation_expires_at, stream_version, created_at, updated_at, is_demo,
        demo_expired_at, last_active_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
        $22, $23, CASE WHEN $22 THEN $20::timestamptz END)
     ON CONFLICT (user_id) DO UPDATE SET
        email = EXCLUDED.email, username = EXCLUDED.username, display_name = EXCLUDED.display_name, bio = EXCLUDED.bio,
        avatar_url = EXCLUDED.avatar_url, banner_url = EXCLUDED.banner_url, website_url = EXCLUDED.website_url,
        social_links = EXCLUDED.social_links, user_type = EXCLUDED.user_type, tier = EXCLUDED.tier,
        is_admin = EXCLUDED.is_admin, password_hash = EXCLUDED.password_hash,
        email_confirmed = EXCLUDED.email_confirmed, confirmation_token_hash = EXCLUDED.confirmation_token_hash,
        confirmation_expires_at = EXCLUDED.confirmation_expires_at,
        stream_version = EXCLUDED.stream_version, updated_at = EXCLUDED.updated_at, is_demo = EXCLUDED.is_demo,
        demo_expired_at = EXCLUDED.demo_expired_at`,
    [
      user.userId,
      user.email,
      user.username,
      user.displayName,
      user.bio,
      user.avatarUrl,
      user.bannerUrl,
      user.websiteUrl,
      JSON.stringify(user.socialLinks),
      user.userType,
      user.tier,
      user.isAdmin,
      user.referralCode,
      user.passwordHash,
      user.demoPersona,
      user.emailConfirmed,
      user.pendingConfirmation?.tokenHash ?? null,
      user.pendingConfirmation?.expiresAt ?? null,
      version.toString(),
      user.registeredAt,
      user.updatedAt,
      user.isDemo,
      user.demoExpiredAt,
    ],
  );
  for (const event of staged) {
    if (event.type !== 'ExternalIdentityLinked') continue;
    await transaction.query(
      'INSERT INTO identity_external_identities (provider, subject, user_id, linked_at) VALUES ($1, $2, $3, $4)',
      [event.data.provider, event.data.subject, event.data.userId, event.data.linkedAt],
    );
  }
}

export async function writeSessionRow(
  transaction: TransactionHandle,
  staged: SessionEvent[],
  version: bigint,
): Promise<void> {
  for (const event of staged) {
    if (event.type === 'SessionStarted') {
      const data = event.data;
      await transaction.query(
        `INSERT INTO identity_sessions (session_id, user_id, token_hash, method, started_at, expires_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [data.sessionId, data.userId, data.tokenHash, data.method, data.startedAt, data.expiresAt, version.toString()],
      );
    } else {
      const data = event.data;
      await transaction.query(
        `UPDATE identity_sessions SET revoked_at = $2, revoke_reason = $3, replaced_by_session_id = $4,
         stream_version = $5
          WHERE session_id = $1`,
        [data.sessionId, data.revokedAt, data.reason, data.replacedBySessionId, version.toString()],
      );
    }
  }
}
