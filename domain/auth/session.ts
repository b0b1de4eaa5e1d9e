// Who is calling: the better-auth session joined with the app profile.
import type pg from 'pg';
import type { Auth } from './better-auth.ts';
import { COOKIE_PREFIX } from './better-auth.ts';

export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  email: string;
  role: 'admin' | 'recruiter';
  twoFactorEnabled: boolean;
}

export type Caller =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'pending-two-factor' }
  | { kind: 'anonymous' };

const TWO_FACTOR_COOKIE = `${COOKIE_PREFIX}.two_factor`;

function hasCookie(headers: Headers, name: string): boolean {
  const cookie = headers.get('cookie') ?? '';
  return cookie.split(';').some((part) => {
    const key = part.trim().split('=')[0];
    return key === name || key === `__Secure-${name}`;
  });
}

interface ProfileRow {
  id: string;
  username: string;
  display_name: string;
  email: string;
  role: 'admin' | 'recruiter';
  banned: boolean;
}

export async function resolveCaller(auth: Auth, owner: pg.Pool, headers: Headers): Promise<Caller> {
  const session = await auth.api.getSession({ headers });
  if (!session) {
    return hasCookie(headers, TWO_FACTOR_COOKIE) ? { kind: 'pending-two-factor' } : { kind: 'anonymous' };
  }
  const { rows } = await owner.query<ProfileRow>(
    'select id, username, display_name, email, role, banned from public.profiles where id = $1', [session.user.id]);
  const profile = rows[0];
  if (!profile || profile.banned) return { kind: 'anonymous' };
  return {
    kind: 'user',
    user: {
      id: profile.id,
      username: profile.username,
      displayName: profile.display_name,
      email: profile.email,
      role: profile.role,
      twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
    },
  };
}
