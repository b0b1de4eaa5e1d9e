// A user's own sessions: list them (device, address, last seen) and end them.
// better-auth keeps sessions in app_auth.session; tokens there are hashes
// (session-tokens.ts), so sessions are named by id, never by token.
import type pg from 'pg';
import { sessionEnded, type SessionPolicy } from './session.server.ts';
import type { SessionInfo } from './schemas.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'], [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'], [/Android/, 'Android'], [/CrOS/, 'ChromeOS'], [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'], [/Linux/, 'Linux'],
];

/** A short, human name for the device behind a user agent. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

interface SessionRow {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** The user's live sessions, most recently used first. */
export async function listSessions(owner: pg.Pool, userId: string, currentId: string, policy: SessionPolicy): Promise<SessionInfo[]> {
  const { rows } = await owner.query<SessionRow>(
    `select id::text, "userAgent" as user_agent, nullif("ipAddress", '') as ip_address, "createdAt" as created_at,
            coalesce("lastSeenAt", "createdAt") as last_seen_at
       from app_auth.session
      where "userId" = $1 and "expiresAt" > now()
      order by last_seen_at desc`, [userId]);
  return rows
    .filter((row) => !sessionEnded(policy, row.created_at, row.last_seen_at))
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.user_agent),
      ipAddress: row.ip_address,
      lastSeenAt: row.last_seen_at.toISOString(),
      createdAt: row.created_at.toISOString(),
      current: row.id === currentId,
    }));
}

/** Ends one of the user's sessions; false when the user has no such session. */
export async function revokeSession(owner: pg.Pool, userId: string, sessionId: string): Promise<boolean> {
  const { rowCount } = await owner.query('delete from app_auth.session where id = $1 and "userId" = $2', [sessionId, userId]);
  return Boolean(rowCount);
}

/** Ends every session of the user but `keepId`; returns how many ended. */
export async function revokeOtherSessions(owner: pg.Pool, userId: string, keepId: string): Promise<number> {
  const { rowCount } = await owner.query('delete from app_auth.session where "userId" = $1 and id <> $2', [userId, keepId]);
  return rowCount ?? 0;
}
