// Who is calling: the better-auth session joined with the app profile, and the
// session rules better-auth does not have: an idle time-out next to the absolute
// lifetime (ASVS 3.3.2), both from the configuration.
import type pg from 'pg';
import type { Auth } from '../../platform/auth/better-auth.server.ts';
import { COOKIE_PREFIX } from '../../platform/auth/better-auth.server.ts';
import type { SessionUser } from './schemas.ts';

export type { SessionUser };

export type Caller =
  | { kind: 'user'; user: SessionUser; sessionId: string }
  | { kind: 'pending-two-factor' }
  | { kind: 'anonymous' };

export interface SessionPolicy {
  /** Absolute lifetime from sign-in. */
  maxAgeHours: number;
  /** A session not used for this long ends. */
  idleMinutes: number;
}

const TWO_FACTOR_COOKIE = `${COOKIE_PREFIX}.two_factor`;
/** Last-seen is written at most this often (and at most every quarter of the idle window). */
const LAST_SEEN_RESOLUTION_MS = 60_000;

function hasCookie(headers: Headers, name: string): boolean {
  const cookie = headers.get('cookie') ?? '';
  return cookie.split(';').some((part) => {
    const key = part.trim().split('=')[0];
    return key === name || key === `__Secure-${name}` || key === `__Host-${name}`;
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

/** Whether a session that began at `createdAt` and was last used at `lastSeenAt` has ended. */
export function sessionEnded(policy: SessionPolicy, createdAt: Date, lastSeenAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() >= policy.maxAgeHours * 3_600_000
    || now - lastSeenAt.getTime() >= policy.idleMinutes * 60_000;
}

export async function resolveCaller(auth: Auth, owner: pg.Pool, headers: Headers, policy: SessionPolicy): Promise<Caller> {
  const found = await auth.api.getSession({ headers });
  if (!found) {
    return hasCookie(headers, TWO_FACTOR_COOKIE) ? { kind: 'pending-two-factor' } : { kind: 'anonymous' };
  }
  const { session } = found;
  const createdAt = new Date(session.createdAt);
  const lastSeenAt = new Date(session.lastSeenAt ?? session.createdAt);
  const now = Date.now();
  if (sessionEnded(policy, createdAt, lastSeenAt, now)) {
    await owner.query('delete from app_auth.session where id = $1', [session.id]);
    return { kind: 'anonymous' };
  }
  if (now - lastSeenAt.getTime() >= Math.min(LAST_SEEN_RESOLUTION_MS, policy.idleMinutes * 15_000)) {
    await owner.query('update app_auth.session set "lastSeenAt" = now() where id = $1', [session.id]);
  }
  const { rows } = await owner.query<ProfileRow>(
    'select id, username, display_name, email, role, banned from public.profiles where id = $1', [found.user.id]);
  const profile = rows[0];
  if (!profile || profile.banned) return { kind: 'anonymous' };
  return {
    kind: 'user',
    sessionId: session.id,
    user: {
      id: profile.id,
      username: profile.username,
      displayName: profile.display_name,
      email: profile.email,
      role: profile.role,
      twoFactorEnabled: Boolean(found.user.twoFactorEnabled),
    },
  };
}
