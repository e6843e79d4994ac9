import { SocialLinksSchema, type PublicUserView, type UserView } from '@app/contracts/identity';
import type { UserRow } from './identity-store';

/** The owner's view of a user row; `referredBy` comes from the referrals projection (`IdentityStore.referredBy`). */
export function toUserView(row: UserRow, referredBy: string | null): UserView {
  return {
    id: row.user_id,
    email: row.email,
    username: row.username,
    display_name: row.display_name,
    bio: row.bio,
    avatar_url: row.avatar_url,
    banner_url: row.banner_url,
    website_url: row.website_url,
    social_links: socialLinksOf(row),
    user_type: row.user_type,
    user_tier: row.tier,
    is_admin: row.is_admin,
    referral_code: row.referral_code,
    referred_by: referredBy,
    slug: slugOf(row.username),
    email_confirmed: row.email_confirmed,
    is_demo: row.is_demo,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What anyone may see. Built field by field so that a new private column never leaks by default. */
export function toPublicUserView(row: UserRow): PublicUserView {
  return {
    id: row.user_id,
    username: row.username,
    display_name: row.display_name,
    bio: row.bio,
    avatar_url: row.avatar_url,
    banner_url: row.banner_url,
    website_url: row.website_url,
    social_links: socialLinksOf(row),
    user_type: row.user_type,
    user_tier: row.tier,
    slug: slugOf(row.username),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Usernames are unique ignoring case, so their lower-case form is a unique, stable-looking URL slug. */
export const slugOf = (username: string) => username.toLowerCase();

/** Row → social links map, tolerating rows written before a platform was dropped from the list. */
export const socialLinksOf = (row: UserRow) => {
  const parsed = SocialLinksSchema.safeParse(row.social_links ?? {});
  return parsed.success ? parsed.data : {};
};
