// Likely duplicate candidates (issue 30, decision 042): the undismissed pairs with both candidates'
// summaries and the consent a merge would leave, "Not the same person", and the refresh of the pairs
// (public.refresh_candidate_duplicates: the worker's job; "Look for duplicates now" records a request).
// Reads and dismissals run in the caller's transaction, under row-level security.
import type { QueryConfig } from 'pg';
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { DuplicateDismiss, DuplicateList, DuplicateListQuery, DuplicateRefresh } from './merge-schemas.ts';

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One candidate's summary as JSON (`id` is the SQL for its id): the merge dialog's column and what would move with it. */
export function candidateSummarySql(id: string): string {
  return `(select jsonb_build_object(
      'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'location', c.location, 'jobFunction', c.job_function,
      'allowsEmail', c.allows_email, 'allowsWhatsapp', c.allows_whatsapp, 'createdAt', ${ts('c.created_at')},
      'pools', (select count(*) from public.talent_pool_members m where m.candidate_id = c.id),
      'messages', (select count(*) from public.messages m where m.candidate_id = c.id),
      'meetings', (select count(*) from public.meetings m where m.candidate_id = c.id),
      'campaigns', (select count(*) from public.campaign_recipients r where r.candidate_id = c.id),
      'lastActivityAt', ${ts(`greatest((select max(m.created_at) from public.messages m where m.candidate_id = c.id),
                                        (select max(e.occurred_at) from public.engagement_events e where e.candidate_id = c.id))`)})
    from public.candidates c where c.id = ${id})`;
}

const consentSql = (channel: 'email' | 'whatsapp') => `(select jsonb_build_object('channel', o ->> 'channel', 'state', o ->> 'state',
    'candidateId', (o ->> 'candidateId')::bigint, 'since', ${ts("(o ->> 'since')::timestamptz")})
   from (select public.merge_consent_outcome(d.low_id, d.high_id, '${channel}') as o) x)`;

/** The undismissed pairs, newest first (only `candidateId`'s when given), and the refresh's state. */
export async function listDuplicates(tx: Tx, query: DuplicateListQuery): Promise<DuplicateList> {
  const params: unknown[] = [];
  const where = ['d.dismissed_at is null'];
  if (query.candidateId) where.push(`(d.low_id = $${params.push(query.candidateId)} or d.high_id = $${params.length})`);
  const { rows: [{ total }] } = await tx.query<{ total: number }>(
    `select count(*)::int as total from public.candidate_duplicates d where ${where.join(' and ')}`, params);
  const { rows } = await tx.query<{ pair: DuplicateList['pairs'][number] }>(
    `select jsonb_build_object('lowId', d.low_id, 'highId', d.high_id, 'reason', d.reason, 'similarity', d.similarity,
              'foundAt', ${ts('d.found_at')},
              'candidates', jsonb_build_array(${candidateSummarySql('d.low_id')}, ${candidateSummarySql('d.high_id')}),
              'consent', jsonb_build_object('email', ${consentSql('email')}, 'whatsapp', ${consentSql('whatsapp')})) as pair
       from public.candidate_duplicates d
      where ${where.join(' and ')}
      order by d.found_at desc, d.low_id, d.high_id
      limit $${params.push(query.limit)} offset $${params.push(query.offset)}`, params);
  return { pairs: rows.map((row) => row.pair), total, refresh: await refreshState(tx) };
}

/** When the pairs were last refreshed, and whether a request waits for a refresh. */
export async function refreshState(tx: Tx): Promise<DuplicateRefresh> {
  const { rows } = await tx.query<DuplicateRefresh>(
    `select ${ts('finished_at')} as "refreshedAt", ${ts('requested_at')} as "requestedAt",
            coalesce(requested_at > coalesce(started_at, '-infinity'), false) as pending
       from public.candidate_duplicate_refresh`);
  return rows[0] ?? { refreshedAt: null, requestedAt: null, pending: false };
}

/** "Not the same person": the pair stays dismissed through every refresh. Audited. */
export async function dismissDuplicate(tx: Tx, userId: string, pair: DuplicateDismiss): Promise<void> {
  const { rowCount } = await tx.query(
    `update public.candidate_duplicates set dismissed_at = now(), dismissed_by = $3
      where low_id = $1 and high_id = $2 and dismissed_at is null`, [pair.lowId, pair.highId, userId]);
  if (!rowCount) {
    // Dismissed already (by anyone): nothing to do.
    const { rowCount: found } = await tx.query('select 1 from public.candidate_duplicates where low_id = $1 and high_id = $2', [pair.lowId, pair.highId]);
    if (!found) throw new DomainError(404, 'duplicate_pair_not_found', 'lowId');
    return;
  }
  await tx.query(`insert into public.audit_log (actor_id, action, entity, entity_id, details)
                  values ($1, 'candidate.duplicate_dismiss', 'candidate', $2, $3)`,
  [userId, String(pair.lowId), JSON.stringify({ lowId: pair.lowId, highId: pair.highId })]);
}

/** "Look for duplicates now": true when the request is new (queue a refresh), false while an earlier one waits. */
export async function requestDuplicateRefresh(tx: Tx): Promise<boolean> {
  const { rows } = await tx.query<{ queued: boolean }>('select public.request_candidate_duplicate_refresh() as queued');
  return rows[0].queued;
}

/** The worker's refresh (service_role): every pair found again; may take a while over a million candidates. */
export async function refreshDuplicates(tx: Tx): Promise<number> {
  // The bench's goal is 30 s at 1,000,000 candidates; the pool's limit is for requests.
  await tx.query(`select set_config('statement_timeout', '600s', true)`);
  // pg honours a query's own query_timeout; its types do not list it.
  const refresh = { text: 'select public.refresh_candidate_duplicates() as pairs', query_timeout: 620_000 } as QueryConfig;
  const { rows } = await tx.query<{ pairs: number }>(refresh);
  return rows[0].pairs;
}
