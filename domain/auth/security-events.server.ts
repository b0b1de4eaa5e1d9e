// Sign-in and account-security events in public.audit_log, which admins read in
// the Admin Portal's audit log. Written with the owner pool: most of these happen
// before anyone is signed in, so no row-level-security identity exists yet.
import type pg from 'pg';

export type SecurityAction =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.blocked'
  | 'auth.account.attacked'
  | 'auth.account.locked'
  | 'auth.two_factor.failure'
  | 'auth.two_factor.locked'
  | 'auth.password.change'
  | 'auth.backup_codes.regenerate'
  | 'auth.session.revoke'
  | 'auth.session.revoke_others'
  /** Written by the database itself (public.save_own_account), not through recordSecurityEvent. */
  | 'auth.account.email_change';

export interface SecurityEvent {
  action: SecurityAction;
  /** The account concerned, when it exists (null for an unknown username). */
  userId: string | null;
  details: Record<string, unknown>;
}

export async function recordSecurityEvent(owner: pg.Pool, event: SecurityEvent): Promise<void> {
  await owner.query(
    `insert into public.audit_log (actor_id, action, entity, entity_id, details)
     values ($1::uuid, $2, 'user', $1::text, $3)`,
    [event.userId, event.action, JSON.stringify(event.details)]);
}

/** The profile id for a username, for audit entries (null when there is no such user). */
export async function userIdByUsername(owner: pg.Pool, username: string): Promise<string | null> {
  const { rows } = await owner.query<{ id: string }>('select id from public.profiles where username = $1', [username]);
  return rows[0]?.id ?? null;
}

export async function usernameById(owner: pg.Pool, id: string): Promise<string | null> {
  const { rows } = await owner.query<{ username: string }>('select username::text from public.profiles where id = $1', [id]);
  return rows[0]?.username ?? null;
}
