// The worker's erasure (issue 30): everyone public.retention_due() says is due by now is erased through
// public.erase_candidates() (audited, the address stays suppressed), with a reason that names the rule;
// an erasure request it carries out is marked done (handled by nobody: the worker). Safe with several workers: each batch runs under a
// transaction-level advisory lock (a second worker skips), and a batch locks its candidates and asks
// retention_due() again, so an exemption, a new message or an undone request that got in first is honoured.
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { deleteCandidates } from '../candidates/candidates.server.ts';

/** One transaction erases at most this many people (erase_candidates() deletes their messages and events too). */
export const RETENTION_BATCH = 200;
/** pg_try_advisory_xact_lock's key: one erasure at a time in the whole organisation. */
const LOCK_KEY = 0x7265_7465; // "rete"

interface Due { candidate_id: number; rule_kind: string; months: number | null; data_request_id: number | null }

export interface RetentionRun {
  /** Another worker held the lock: this one did nothing. */
  skipped: boolean;
  erased: number;
  /** Erasure requests marked done. */
  requestsDone: number;
}

/** The reason erase_candidates() records for a rule (English: the audit log shows it as written). */
export function erasureReason(rule: Pick<Due, 'rule_kind' | 'months'>, requestIds: number[] = []): string {
  switch (rule.rule_kind) {
    case 'inactive': return `Retention rule: inactive for ${rule.months} months`;
    case 'no_consent': return `Retention rule: no consent for ${rule.months} months`;
    default: return `Erasure requested by the candidate (data request ${requestIds.join(', ')})`;
  }
}

async function dueNow(tx: Tx, now: Date | null, ids: number[] | null): Promise<Due[]> {
  const { rows } = await tx.query<Due>(
    `select d.candidate_id::int, d.rule_kind, d.months, d.data_request_id::int
       from public.retention_due(null, coalesce($1::timestamptz, now()), $2::bigint[]) d
      where d.erase_after <= coalesce($1::timestamptz, now())
      order by d.erase_on, d.candidate_id
      limit $3`, [now, ids, RETENTION_BATCH]);
  return rows;
}

/** One batch in one transaction; null when another worker holds the lock. */
async function eraseBatch(tx: Tx, now: Date | null): Promise<{ erased: number; requestsDone: number; more: boolean } | null> {
  const { rows: [{ locked }] } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [LOCK_KEY]);
  if (!locked) return null;
  const first = await dueNow(tx, now, null);
  if (first.length === 0) return { erased: 0, requestsDone: 0, more: false };
  // Lock them (an exemption or a message written meanwhile holds a key-share lock: we wait for it), then ask again.
  await tx.query('select id from public.candidates where id = any ($1::bigint[]) order by id for update',
    [first.map((due) => due.candidate_id)]);
  const due = await dueNow(tx, now, first.map((row) => row.candidate_id));

  let erased = 0;
  let requestsDone = 0;
  // An erasure request is carried out only if it is still scheduled (not withdrawn or refused meanwhile).
  const requested = due.filter((row) => row.rule_kind === 'erasure_requested');
  if (requested.length) {
    const { rows } = await tx.query<{ id: number; candidate_id: number }>(
      `update public.data_requests set state = 'done', handled_at = now(), handled_by = null, resolution = null
        where id = any ($1::bigint[]) and state = 'scheduled' returning id::int, candidate_id::int`,
      [requested.map((row) => row.data_request_id)]);
    requestsDone = rows.length;
    if (rows.length) {
      erased += (await deleteCandidates(tx, rows.map((row) => row.candidate_id), erasureReason(requested[0], rows.map((row) => row.id)))).length;
    }
  }
  const byRule = new Map<string, Due[]>();
  for (const row of due.filter((one) => one.rule_kind !== 'erasure_requested')) {
    byRule.set(row.rule_kind, [...byRule.get(row.rule_kind) ?? [], row]);
  }
  for (const rows of byRule.values()) {
    erased += (await deleteCandidates(tx, rows.map((row) => row.candidate_id), erasureReason(rows[0]))).length;
  }
  return { erased, requestsDone, more: first.length === RETENTION_BATCH };
}

/**
 * Erases everyone due by `now` (default: the database's now; tests pass theirs), in batches until none
 * is left. Returns what it did; `skipped` when another worker was at it.
 */
export async function eraseDueCandidates(pool: pg.Pool, now?: Date): Promise<RetentionRun> {
  const run: RetentionRun = { skipped: false, erased: 0, requestsDone: 0 };
  for (;;) {
    const batch = await asService(pool, (tx) => eraseBatch(tx, now ?? null));
    if (!batch) return { ...run, skipped: true };
    run.erased += batch.erased;
    run.requestsDone += batch.requestsDone;
    if (!batch.more) return run;
  }
}
