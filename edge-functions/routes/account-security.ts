// A signed-in user's own account security under /api/auth: sessions (list, sign
// one out, sign out everywhere else), password change, new backup codes.
import { Hono, type Context } from 'hono';
import { recordSecurityEvent } from '#domain/auth/security-events.server.ts';
import { listSessions } from '#domain/auth/sessions.server.ts';
import {
  backupCodesSchema, changePasswordSchema, regenerateBackupCodesSchema, revokedCountSchema, revokeOtherSessionsSchema,
  sessionIdSchema, sessionListSchema,
} from '#domain/auth/schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { authRequest, requireUser, setCookies } from '../guards.ts';
import { HttpError } from '../http.ts';
import { pathParams, body, doc, reply } from '../contract.ts';
import { limitPasswordConfirmations, passwordRefused } from './auth-support.ts';

function currentSessionId(c: Context<AppEnv>): string {
  const caller = c.get('caller');
  if (caller?.kind !== 'user') throw new HttpError(401, 'not_signed_in');
  return caller.sessionId;
}

function audit(c: Context<AppEnv>, action: Parameters<typeof recordSecurityEvent>[1]['action'], details: Record<string, unknown> = {}) {
  return recordSecurityEvent(c.var.deps.pools.owner, {
    action, userId: c.var.user.id, details: { username: c.var.user.username, ip: c.var.deps.clientIp(c), ...details },
  });
}

export const accountSecurityRoutes = new Hono<AppEnv>()
  .get('/sessions', doc({ summary: 'Your sessions: device, address, last seen; this one marked', response: sessionListSchema }),
  requireUser, async (c) => {
    const { identity, config } = c.var.deps;
    return reply(c, sessionListSchema, { sessions: await listSessions(identity, c.var.user.id, currentSessionId(c), config.session) });
  })

  .post('/sessions/revoke-others', doc({ summary: 'Sign out every other session', response: revokedCountSchema }),
  requireUser, body(revokeOtherSessionsSchema), async (c) => {
    const revoked = await c.var.deps.identity.endOtherSessions(c.var.user.id, currentSessionId(c));
    await audit(c, 'auth.session.revoke_others', { revoked });
    return reply(c, revokedCountSchema, { revoked });
  })

  .delete('/sessions/:id', doc({ summary: 'Sign out one of your sessions (this one too)', response: successSchema }),
  requireUser, pathParams(sessionIdSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { identity } = c.var.deps;
    if (id === currentSessionId(c)) {
      // Signing this browser out: the provider also clears its cookie.
      setCookies(c, await identity.signOut(authRequest(c)));
    } else if (!await identity.endSession(c.var.user.id, id)) {
      throw new HttpError(404, 'session_not_found', { field: 'id' });
    }
    await audit(c, 'auth.session.revoke', { sessionId: id });
    return reply(c, successSchema, { success: true });
  })

  .post('/password', doc({ summary: 'Change your password (other sessions end)', response: successSchema }),
  requireUser, body(changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    await limitPasswordConfirmations(c);
    // Every other session ends; this browser keeps (or gets anew) its own.
    const changed = await c.var.deps.identity.changePassword(authRequest(c), c.var.user.id, { currentPassword, newPassword });
    if (!changed.ok) passwordRefused(changed.reason, changed.reason === 'password refused' ? 'newPassword' : 'currentPassword');
    setCookies(c, changed.value);
    await audit(c, 'auth.password.change');
    return reply(c, successSchema, { success: true });
  })

  .post('/two-factor/backup-codes', doc({ summary: 'New backup codes (shown once; the old ones stop working)', response: backupCodesSchema }),
  requireUser, body(regenerateBackupCodesSchema), async (c) => {
    const { password } = c.req.valid('json');
    if (!c.var.user.twoFactorEnabled) throw new HttpError(409, 'two_factor_off');
    await limitPasswordConfirmations(c);
    const codes = await c.var.deps.identity.newBackupCodes(authRequest(c), c.var.user.id, password);
    if (!codes.ok) passwordRefused('password incorrect', 'password');
    const backupCodes = codes.value;
    await audit(c, 'auth.backup_codes.regenerate');
    // Shown once: the API keeps only their encrypted form.
    return reply(c, backupCodesSchema, { backupCodes });
  });
