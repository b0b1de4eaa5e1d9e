// The recruiters' own mailboxes as Settings → Integrations lists them (decision 040): each mailbox that mail
// left, and with sendFrom "recruiter" each user whose mailbox has not yet, read as the signed-in user, so
// row-level security decides whose (a recruiter their own, an admin all: policies mailboxes_read_own and
// profiles_read_own). What a state means is said here once.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { coded } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import type { MailboxState } from './schemas.ts';

interface MailboxRow {
  email: string; userId: string | null; state: 'syncing' | 'error' | null; lastSyncAt: string | null;
  error: string | null; errorCode: string | null; errorParams: Record<string, string | number> | null;
}

/** The mailboxes the signed-in user may see (of `userId` alone when given), by email, with their state. */
export async function listMailboxes(tx: Tx, graphConfigured: boolean, userId?: string): Promise<MailboxState[]> {
  const { rows } = await tx.query<MailboxRow>(
    `select * from (
       select m.email, m.user_id as "userId", m.state, ${isoTimestamp('m.last_sync_at')} as "lastSyncAt",
              m.error, m.error_code as "errorCode", m.error_params as "errorParams"
         from public.mailboxes m
       union all
       select lower(p.email::text), p.id, null, null, null, null, null
         from public.profiles p
        where not p.banned and (select s.send_from from public.organisation_settings s) = 'recruiter'
          and not exists (select 1 from public.mailboxes m where m.email = lower(p.email::text))
     ) listed
     where $1::uuid is null or "userId" = $1
     order by email`, [userId ?? null]);
  return rows.map((row) => stateOf(row, graphConfigured));
}

/** What a mailbox's row means: nothing reads it without Graph; an error is shown until a read succeeds. */
function stateOf(row: MailboxRow, graphConfigured: boolean): MailboxState {
  const mailbox = { email: row.email, userId: row.userId, lastSyncAt: row.lastSyncAt };
  if (!graphConfigured) return { ...mailbox, state: 'not_connected', ...reason('mailbox.no_graph') };
  if (row.state === 'error') return { ...mailbox, state: 'error', error: row.error, errorCode: row.errorCode, errorParams: row.errorParams };
  if (row.lastSyncAt === null) return { ...mailbox, state: 'not_connected', ...reason('mailbox.not_read_yet') };
  return { ...mailbox, state: 'syncing', error: null, errorCode: null, errorParams: null };
}

const reason = (code: 'mailbox.no_graph' | 'mailbox.not_read_yet') => ({ error: englishText(code), errorCode: coded(code).code, errorParams: null });
