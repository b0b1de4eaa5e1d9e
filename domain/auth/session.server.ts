// Who is calling: the identity provider's session joined with the app profile, and the
// session rules better-auth does not have: an idle time-out next to the absolute
// lifetime (ASVS 3.3.2), both from the configuration.
import type pg from 'pg';
import type { AuthRequest, Cookies, IdentityProvider } from '../../platform/auth/identity.server.ts';
import type { SessionUser } from './schemas.ts';

export type { SessionUser };

export type Caller = (
  | { kind: 'user'; user: SessionUser; sessionId: string; claims?: Record<string, unknown>; secondFactor: boolean }
  | { kind: 'pending-two-factor' }
  | { kind: 'anonymous' }
) & {
  /** Cookies the lookup renewed, for the answer. */
  cookies: Cookies;
};

export interface SessionPolicy {
  /** Absolute lifetime from sign-in. */
  maxAgeHours: number;
  /** A session not used for this long ends. */
  idleMinutes: number;
}

/** Last-seen is written at most this often (and at most every quarter of the idle window). */
const LAST_SEEN_RESOLUTION_MS = 60_000;

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

/**
 * The caller of a request: the provider's session under our session rules, joined with the
 * profile. An enrolled user (or an admin who enrolled) whose session has not passed the
 * second factor is still between the two sign-in steps.
 */
export async function resolveCaller(identity: IdentityProvider, owner: pg.Pool, request: AuthRequest, policy: SessionPolicy): Promise<Caller> {
  const found = await identity.session(request);
  if (found.kind === 'pending-two-factor') return { kind: 'pending-two-factor', cookies: found.cookies };
  if (found.kind === 'none') return { kind: 'anonymous', cookies: found.cookies };
  const { session } = found;
  const { cookies } = session;
  const now = Date.now();
  if (sessionEnded(policy, session.createdAt, session.lastSeenAt, now)) {
    await identity.endSession(session.userId, session.sessionId);
    return { kind: 'anonymous', cookies };
  }
  if (now - session.lastSeenAt.getTime() >= Math.min(LAST_SEEN_RESOLUTION_MS, policy.idleMinutes * 15_000)) {
    await identity.touchSession(session.sessionId);
  }
  const { rows } = await owner.query<ProfileRow>(
    'select id, username, display_name, email, role, banned from public.profiles where id = $1', [session.userId]);
  const profile = rows[0];
  if (!profile || profile.banned) return { kind: 'anonymous', cookies };
  // The provider says whether the user is enrolled (the profile's flag is the admin list's copy).
  const { twoFactorEnabled } = session;
  if (twoFactorEnabled && !session.secondFactor) return { kind: 'pending-two-factor', cookies };
  return {
    kind: 'user',
    sessionId: session.sessionId,
    claims: session.claims,
    secondFactor: session.secondFactor,
    cookies,
    user: {
      id: profile.id,
      username: profile.username,
      displayName: profile.display_name,
      email: profile.email,
      role: profile.role,
      twoFactorEnabled,
    },
  };
}
