import { createContext, useContext, type ReactNode } from 'react';
import type { SessionUser } from '#domain/auth/schemas.ts';

const CurrentUserContext = createContext<SessionUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; only valid below <SessionGate>. */
export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used below <SessionGate>');
  return user;
}

export function isAdmin(user: SessionUser): boolean {
  return user.role === 'admin';
}

/** Who reads a state's text (#app/i18n/serverText.ts stateText): admins get the set-up steps, recruiters what to do. */
export function useAudience(): 'admin' | 'recruiter' {
  return isAdmin(useCurrentUser()) ? 'admin' : 'recruiter';
}
