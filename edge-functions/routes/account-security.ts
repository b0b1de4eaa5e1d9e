// A signed-in user's own account security under /api/auth: sessions (list, sign
// one out, sign out everywhere else), password change, new backup codes.
import { Hono, type Context } from 'hono';
import { recordSecurityEvent } from '#domain/auth/security-events.ts';
import { listSessions, revokeOtherSessions, revokeSession } from '#domain/auth/sessions.ts';
import {
  changePasswordSchema, regenerateBackupCodesSchema, revokeOtherSessionsSchema, sessionIdSchema,
} from '#domain/auth/schemas.ts';
import type { AppEnv } from '../context.ts';
import { requireUser } from '../guards.ts';
import { HttpError, parse, parseBody } from '../http.ts';
import {
  assertNotServerError, authErrorCode, authHeaders, forwardCookies, limitPasswordConfirmations,
} from './auth-support.ts';

function currentSessionId(c: Context<AppEnv>): string {
  const caller = c.get('caller');
  if (caller?.kind !== 'user') throw new HttpError(401, 'Not signed in');
  return caller.sessionId;
}

function audit(c: Context<AppEnv>, action: Parameters<typeof recordSecurityEvent>[1]['action'], details: Record<string, unknown> = {}) {
  return recordSecurityEvent(c.var.deps.pools.owner, {
    action, userId: c.var.user.id, details: { username: c.var.user.username, ip: c.var.deps.clientIp(c), ...details },
  });
}

export const accountSecurityRoutes = new Hono<AppEnv>();
accountSecurityRoutes.use('/sessions/*', requireUser);
accountSecurityRoutes.use('/sessions', requireUser);
accountSecurityRoutes.use('/password', requireUser);
accountSecurityRoutes.use('/two-factor/backup-codes', requireUser);

accountSecurityRoutes.get('/sessions', async (c) => {
  const { pools, config } = c.var.deps;
  return c.json({ sessions: await listSessions(pools.owner, c.var.user.id, currentSessionId(c), config.session) });
});

accountSecurityRoutes.post('/sessions/revoke-others', async (c) => {
  await parseBody(c, revokeOtherSessionsSchema);
  const revoked = await revokeOtherSessions(c.var.deps.pools.owner, c.var.user.id, currentSessionId(c));
  await audit(c, 'auth.session.revoke_others', { revoked });
  return c.json({ revoked });
});

accountSecurityRoutes.delete('/sessions/:id', async (c) => {
  const { id } = parse(sessionIdSchema, { id: c.req.param('id') });
  if (id === currentSessionId(c)) {
    // Signing this browser out: better-auth also clears its cookie.
    const response = await c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    forwardCookies(c, response);
  } else if (!await revokeSession(c.var.deps.pools.owner, c.var.user.id, id)) {
    throw new HttpError(404, 'Session not found', { field: 'id' });
  }
  await audit(c, 'auth.session.revoke', { sessionId: id });
  return c.json({ success: true });
});

accountSecurityRoutes.post('/password', async (c) => {
  const { currentPassword, newPassword } = await parseBody(c, changePasswordSchema);
  await limitPasswordConfirmations(c);
  // revokeOtherSessions: better-auth ends every session and opens a new one for this browser.
  const response = await c.var.deps.auth.api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: authHeaders(c), asResponse: true,
  });
  assertNotServerError(response, 'password change');
  if (!response.ok) {
    const code = await authErrorCode(response);
    if (code === 'INVALID_PASSWORD') throw new HttpError(400, 'currentPassword is incorrect', { field: 'currentPassword' });
    throw new HttpError(400, 'newPassword was refused', { field: 'newPassword' });
  }
  forwardCookies(c, response);
  await audit(c, 'auth.password.change');
  return c.json({ success: true });
});

accountSecurityRoutes.post('/two-factor/backup-codes', async (c) => {
  const { password } = await parseBody(c, regenerateBackupCodesSchema);
  if (!c.var.user.twoFactorEnabled) throw new HttpError(409, 'Two-factor authentication is off');
  await limitPasswordConfirmations(c);
  const response = await c.var.deps.auth.api.generateBackupCodes({
    body: { password }, headers: authHeaders(c), asResponse: true,
  });
  assertNotServerError(response, 'backup code generation');
  if (!response.ok) throw new HttpError(400, 'password is incorrect', { field: 'password' });
  const { backupCodes } = await response.json() as { backupCodes: string[] };
  await audit(c, 'auth.backup_codes.regenerate');
  // Shown once: the API keeps only their encrypted form.
  return c.json({ backupCodes });
});
