// A user's own sessions: list them (device, address, last seen). The identity
// provider keeps them (and ends them); sessions are named by id, never by token.
import type { IdentityProvider } from '../../platform/auth/identity.server.ts';
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

/** The user's live sessions, most recently used first. */
export async function listSessions(identity: IdentityProvider, userId: string, currentId: string, policy: SessionPolicy): Promise<SessionInfo[]> {
  const rows = await identity.listSessions(userId);
  return rows
    .filter((row) => !sessionEnded(policy, row.createdAt, row.lastSeenAt))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      lastSeenAt: row.lastSeenAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      current: row.id === currentId,
    }));
}
