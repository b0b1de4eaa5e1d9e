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

/**
 * Where a sign-in goes: the profile's id (for audit entries and limits) and email (Supabase Auth
 * signs in by email). An unknown username gets a stand-in address that no account can have
 * (`.invalid`, RFC 2606), so the provider is asked all the same: same answer, same timing.
 */
export async function loginTarget(owner: pg.Pool, username: string): Promise<{ userId: string | null; email: string }> {
  const { rows } = await owner.query<{ id: string; email: string }>(
    'select id, email::text from public.profiles where username = $1', [username]);
  return rows[0] ? { userId: rows[0].id, email: rows[0].email } : { userId: null, email: 'no-such-user@talentloop.invalid' };
}

export async function usernameById(owner: pg.Pool, id: string): Promise<string | null> {
  const { rows } = await owner.query<{ username: string }>('select username::text from public.profiles where id = $1', [id]);
  return rows[0]?.username ?? null;
}
