import { createContext, useContext } from 'react';
import type { DemoPersona, User } from './user';

export type SessionStatus = 'pending' | 'authenticated' | 'anonymous';

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  display_name?: string;
}

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** True after the server ended the session (a 401 on the profile), until the next sign-in. */
  expired?: boolean;
  signIn(email: string, password: string): Promise<User>;
  signUp(input: SignUpInput): Promise<User>;
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
