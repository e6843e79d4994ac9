import type { SignUpReferral } from '@app/contracts/identity';
import { createContext, useContext } from 'react';
import type { DemoPersona, User } from './user';

export type SessionStatus = 'pending' | 'authenticated' | 'anonymous';

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  display_name?: string;
  /** A referral link's code, applied when the account is created. */
  referral_code?: string;
}

/** The new user, and what became of the referral code sent with the sign-up (null when none was sent). */
export interface SignedUp {
  user: User;
  referral: SignUpReferral | null;
}

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** True after the server ended the session (a 401 on the profile), until the next sign-in. */
  expired?: boolean;
  signIn(email: string, password: string): Promise<User>;
  signUp(input: SignUpInput): Promise<SignedUp>;
  signInAsDemo(persona: DemoPersona): Promise<User>;
  /** Stores a token that arrived from elsewhere (an OAuth callback) and loads the user. */
  acceptToken(token: string): Promise<User | null>;
  signOut(options?: { expired?: boolean }): Promise<void>;
  /** Reloads the user and balances from the server. */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user; only for components that render behind the access rule. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
