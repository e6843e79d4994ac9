// The signed-in user as the UI sees it. Kept free of zod so the landing page can use it without
// downloading the schema library; the schemas that produce it live in user-schema.ts.
export interface User {
  id: string;
  email?: string | null;
  username?: string | null;
  display_name?: string | null;
  slug?: string | null;
  user_type: string;
  user_tier: string;
  avatar_url?: string | null;
  level?: number | null;
  xp_points?: number | string | null;
  /** Days in a row with activity (spec 2 §3), when the API answers it. */
  points_streak_days?: number | null;
  follower_count?: number | null;
  total_earnings_usd?: number | null;
  master_key_activated_at?: string | null;
  /** Balances as exact decimal text. */
  points_balance: string;
  keys_balance: string;
  gems_balance: string;
  gold_collected: string;
  moves_balance: string | null;
  [extra: string]: unknown;
}

export type DemoPersona = 'creator' | 'investor' | 'advertiser';
export const demoPersonas: readonly DemoPersona[] = ['creator', 'investor', 'advertiser'];

/** The name the dashboard greets the user by (and the first paint, from storage, before the session is read). */
export function greetingName(user: Pick<User, 'display_name' | 'username'>): string | null {
  return user.display_name || user.username || null;
}

export function isAdvertiser(user: Pick<User, 'user_type'> | null | undefined): boolean {
  return user?.user_type === 'advertiser';
}

/** The path segment of the user's own profile: slug, then username, then e-mail prefix, else 'me'. */
export function profileSlug(user: Pick<User, 'slug' | 'username' | 'email'> | null | undefined): string | null {
  if (!user) return null;
  const emailPrefix = user.email?.split('@')[0];
  return user.slug || user.username || emailPrefix || 'me';
}
