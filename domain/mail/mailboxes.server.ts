// The recruiters' own mailboxes (decision 039, public.mailboxes): registered when mail first leaves one,
// then read for candidates' answers by the mailbox sync (domain/messages/mailbox-sync.server.ts). One worker
// at a time reads a mailbox: the claim names its worker (a heartbeat id, as the delivery claims do), and a
// claim whose worker died, or that is older than a read can take, is free again. What Graph said last
// (throttling, a failure, a refusal) is kept with its code, for Settings → Integrations.
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { coded, say, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { CLAIM_STALE_SECONDS } from '../../platform/runtime/workers.server.ts';

/** A claim older than this is free whatever its worker says: no read takes that long. */
const SYNC_CLAIM_LIMIT = `interval '10 minutes'`;

export interface MailboxClaim { email: string; userId: string | null; deltaLink: string | null }

/** Registers the mailboxes mail now leaves (their recruiter's id), and says on each message which one. */
export async function registerMailboxes(tx: Tx, sent: Array<{ messageId: number; email: string; userId: string | null }>) {
  if (!sent.length) return;
  await tx.query(
    `with sent as (select * from jsonb_to_recordset($1::jsonb) as x(message_id bigint, email text, user_id uuid)),
          registered as (
            insert into public.mailboxes (email, user_id) select distinct on (email) email, user_id from sent
            on conflict (email) do update set user_id = coalesce(excluded.user_id, mailboxes.user_id)
              where mailboxes.user_id is distinct from coalesce(excluded.user_id, mailboxes.user_id))
     update public.messages m set mailbox = sent.email from sent where m.id = sent.message_id and m.mailbox is distinct from sent.email`,
    [JSON.stringify(sent.map((s) => ({ message_id: s.messageId, email: s.email.toLowerCase(), user_id: s.userId })))]);
}

/**
 * Graph refused to send from these mailboxes (delivery.mailbox_refused): each is shown in error with Graph's words
 * (mailbox.send_refused) until a read of it succeeds (decision 040).
 */
export async function mailboxesRefusedSending(tx: Tx, refusals: Array<{ mailbox: string; status: number; detail: string }>) {
  for (const refusal of refusals) {
    const said = say('mailbox.send_refused', { mailbox: refusal.mailbox, status: refusal.status, detail: refusal.detail });
    await tx.query(
      `update public.mailboxes set state = 'error', error = $2, error_code = $3, error_params = $4::jsonb where email = $1`,
      [refusal.mailbox.toLowerCase(), englishText(said), coded(said).code, JSON.stringify(refusal)]);
  }
}

/**
 * "Sync now" (decision 040): registers the mailboxes that were not yet, and lifts the back-off of those in error, so
 * the read queued next runs at once; Graph's own wait after throttling (429) is kept.
 */
export async function readyToSyncNow(app: pg.Pool, mailboxes: Array<{ email: string; userId: string | null }>) {
  await asService(app, (tx) => tx.query(
    `with listed as (select * from jsonb_to_recordset($1::jsonb) as x(email text, user_id uuid)),
          registered as (insert into public.mailboxes (email, user_id) select email, user_id from listed on conflict (email) do nothing)
     update public.mailboxes m set retry_after = null from listed where m.email = listed.email and m.state = 'error'`,
    [JSON.stringify(mailboxes.map((m) => ({ email: m.email.toLowerCase(), user_id: m.userId })))]));
}

/** Takes the mailbox for `worker` unless another live worker reads it, or Graph asked to wait; null then. */
export async function claimMailbox(tx: Tx, email: string, worker: string): Promise<MailboxClaim | null> {
  const { rows } = await tx.query<MailboxClaim>(
    `update public.mailboxes set sync_claimed_by = $2, sync_claimed_at = now()
      where email = $1 and (retry_after is null or retry_after <= now())
        and (sync_claimed_by is null or sync_claimed_by = $2 or sync_claimed_at < now() - ${SYNC_CLAIM_LIMIT}
             or not public.worker_seen_within(sync_claimed_by, ${CLAIM_STALE_SECONDS}))
      returning email, user_id as "userId", delta_link as "deltaLink"`, [email.toLowerCase(), worker]);
  return rows[0] ?? null;
}

/** A read that reached its delta link: kept for the next read, the state cleared. */
export async function mailboxSynced(tx: Tx, email: string, worker: string, deltaLink: string) {
  await tx.query(
    `update public.mailboxes set delta_link = $3, last_sync_at = now(), state = 'syncing', error = null, error_code = null,
            error_params = null, failures = 0, retry_after = null, sync_claimed_by = null
      where email = $1 and sync_claimed_by = $2`, [email, worker, deltaLink]);
}

/** The delta state is gone (410): the next read starts again from the last 7 days. */
export async function forgetDeltaLink(tx: Tx, email: string) {
  await tx.query('update public.mailboxes set delta_link = null where email = $1', [email]);
}

/**
 * A read that stopped: why (a code), until when to wait, and whether it is an error to show (a throttle
 * is not). The claim is freed; `failed` counts towards the back-off.
 */
export async function mailboxStopped(tx: Tx, email: string, worker: string,
  stop: { why: Said; waitSeconds: number; error: boolean; failed: boolean }) {
  const { code, params } = coded(stop.why);
  await tx.query(
    `update public.mailboxes set retry_after = now() + make_interval(secs => $3), sync_claimed_by = null,
            failures = failures + case when $7 then 1 else 0 end,
            state = case when $6 then 'error' else state end,
            error = case when $6 then $4 else error end, error_code = case when $6 then $5 else error_code end,
            error_params = case when $6 then $8::jsonb else error_params end
      where email = $1 and sync_claimed_by = $2`,
    [email, worker, stop.waitSeconds, englishText(stop.why), code, stop.error, stop.failed, params ? JSON.stringify(params) : null]);
}

/** The back-off after `failures` failed reads in a row: 1, 2, 4 … minutes, at most 30. */
export async function failuresOf(tx: Tx, email: string): Promise<number> {
  const { rows } = await tx.query<{ failures: number }>('select failures from public.mailboxes where email = $1', [email]);
  return rows[0]?.failures ?? 0;
}

/** The mailboxes whose next read is due: never read or not read for `seconds`, not waiting, not being read. */
export async function mailboxesDue(tx: Tx, seconds: number): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(
    `select email from public.mailboxes
      where coalesce(last_sync_at, created_at) < now() - make_interval(secs => $1)
        and (retry_after is null or retry_after <= now())
        and (sync_claimed_by is null or sync_claimed_at < now() - ${SYNC_CLAIM_LIMIT})
      order by coalesce(last_sync_at, created_at) limit 1000`, [seconds]);
  return rows.map((row) => row.email);
}

/** When the mailbox may be read next (Graph's wait or the back-off); null: now. */
export async function mailboxRetryAfter(tx: Tx, email: string): Promise<Date | null> {
  const { rows } = await tx.query<{ retry_after: Date | null }>('select retry_after from public.mailboxes where email = $1', [email]);
  return rows[0]?.retry_after ?? null;
}
