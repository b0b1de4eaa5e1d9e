// Users of the product: an account at the identity provider (credentials) plus a
// profile row (what the app and its row-level security read). Both change together here.
import type pg from 'pg';
import type { IdentityProvider } from '../../platform/auth/identity.server.ts';
import type { AuditEntry, NewUser, UserSummary, UserUpdate } from './schemas.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import type { Said } from '../i18n/codes.ts';

const SUMMARY_COLUMNS = `id, username::text, display_name as "displayName", email::text, role,
  two_factor_enabled as "twoFactorEnabled", banned, ${isoTimestamp('created_at')} as "createdAt"`;

export class UserConflictError extends DomainError {
  constructor(field: string, said: Said) {
    super(409, said, field);
  }
}

/** Creates the account and its profile. The caller decides who may do this. */
export async function createUser(identity: IdentityProvider, owner: pg.Pool, input: NewUser): Promise<UserSummary> {
  const taken = await owner.query<{ username: string; email: string }>(
    'select username::text, email::text from public.profiles where username = $1 or email = $2',
    [input.username, input.email]);
  if (taken.rows.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) {
    throw new UserConflictError('username', 'username_taken');
  }
  if (taken.rowCount) throw new UserConflictError('email', 'email_in_use');

  const id = await identity.createAccount(input);
  try {
    const { rows } = await owner.query<UserSummary>(
      // On a Supabase project the new auth user has a profile already (its trigger, decision 050): ours wins.
      `insert into public.profiles (id, username, display_name, email, role)
       values ($1, $2, $3, $4, $5)
       on conflict (id) do update set username = excluded.username, display_name = excluded.display_name,
         email = excluded.email, role = excluded.role
       returning ${SUMMARY_COLUMNS}`,
      [id, input.username.toLowerCase(), input.displayName, input.email, input.role]);
    return rows[0];
  } catch (error) {
    await identity.deleteAccount(id);
    throw error;
  }
}

/** Lists users as the calling admin (row-level security decides what is visible). */
export async function listUsers(tx: Tx): Promise<UserSummary[]> {
  const { rows } = await tx.query<UserSummary>(`select ${SUMMARY_COLUMNS} from public.profiles order by username`);
  return rows;
}

/** Applies an admin's change to a user, in the profile (under RLS) and at the identity provider. */
export async function updateUser(identity: IdentityProvider, tx: Tx, id: string, change: UserUpdate): Promise<UserSummary | null> {
  const { rows } = await tx.query<UserSummary>(
    `update public.profiles set
       display_name = coalesce($2, display_name),
       role = coalesce($3, role),
       banned = coalesce($4, banned)
     where id = $1 returning ${SUMMARY_COLUMNS}`,
    [id, change.displayName ?? null, change.role ?? null, change.banned ?? null]);
  if (!rows[0]) return null;
  // A ban or a new password ends every open session at once (the provider's rule).
  await identity.updateAccount(id, change);
  return rows[0];
}

export async function setTwoFactorFlag(owner: pg.Pool, id: string, enabled: boolean): Promise<void> {
  await owner.query('update public.profiles set two_factor_enabled = $2 where id = $1', [id, enabled]);
}

export async function audit(tx: Tx, actorId: string, action: string, entity: string, entityId: string | number | null,
  details: Record<string, unknown> = {}): Promise<void> {
  await tx.query('insert into public.audit_log (actor_id, action, entity, entity_id, details) values ($1, $2, $3, $4, $5)',
    [actorId, action, entity, entityId === null ? null : String(entityId), JSON.stringify(details)]);
}

/** The newest 200 audit entries, as the calling admin may read them. */
export async function listAuditLog(tx: Tx): Promise<AuditEntry[]> {
  const { rows } = await tx.query<AuditEntry>(
    `select a.id, p.username::text as actor, a.action, a.entity, a.entity_id as "entityId",
            case a.entity
              when 'user' then (select s.username::text from public.profiles s where s.id::text = a.entity_id)
              when 'candidate' then (select c.name from public.candidates c where c.id::text = a.entity_id)
              when 'talent_pool' then coalesce((select t.name from public.talent_pools t where t.id::text = a.entity_id), a.details->>'name')
            end as subject,
            a.details, ${isoTimestamp('a.created_at')} as "createdAt"
       from public.audit_log a left join public.profiles p on p.id = a.actor_id
      order by a.created_at desc limit 200`);
  return rows;
}
