// Candidates' data requests (issue 30, decision 042): admins list and handle them; any member enters
// one that came by email, phone or letter. The one-month deadline is the table's (due_at); a request
// is overdue while it is open or scheduled past it. Handling is audited here, in its transaction.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { audit } from '../auth/users.server.ts';
import { deleteCandidates } from '../candidates/candidates.server.ts';
import { DomainError } from '../errors.ts';
import {
  PAGE_SIZE, type DataRequest, type DataRequestCreate, type DataRequestHandle, type DataRequestList, type DataRequestQuery,
} from './schemas.ts';

/** Open or scheduled past its deadline: the one rule for "overdue" (the list, its filter, the dashboard's card). */
const OVERDUE = `(d.state in ('open', 'scheduled') and d.due_at < now())`;

const userName = (column: string) => `(select p.display_name from public.profiles p where p.id = ${column})`;

const COLUMNS = `d.id::int as id,
  case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as candidate,
  d.requester_name as "requesterName", d.requester_email::text as "requesterEmail", d.kind, d.source, d.details, d.state,
  ${isoTimestamp('d.received_at')} as "receivedAt", ${isoTimestamp('d.due_at')} as "dueAt", ${OVERDUE} as overdue,
  ${isoTimestamp('d.execute_after')} as "executeAfter", ${userName('d.handled_by')} as "handledBy",
  ${isoTimestamp('d.handled_at')} as "handledAt", d.resolution, ${userName('d.created_by')} as "createdBy"`;

const FROM = 'public.data_requests d left join public.candidates c on c.id = d.candidate_id';

/** One page: open and scheduled first, the nearest deadline on top; then the handled ones, newest first. */
export async function listDataRequests(tx: Tx, query: DataRequestQuery): Promise<DataRequestList> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.state === 'active') where.push(`d.state in ('open', 'scheduled')`);
  else if (query.state) where.push(`d.state = $${params.push(query.state)}`);
  if (query.kind) where.push(`d.kind = $${params.push(query.kind)}`);
  if (query.overdue) where.push(OVERDUE);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const { rows } = await tx.query<DataRequest>(`select ${COLUMNS} from ${FROM} ${filter}
    order by (d.state in ('open', 'scheduled')) desc,
             case when d.state in ('open', 'scheduled') then d.due_at end asc,
             d.received_at desc, d.id desc
    limit ${PAGE_SIZE} offset $${params.length + 1}`, [...params, (query.page - 1) * PAGE_SIZE]);
  const { rows: [{ total }] } = await tx.query<{ total: number }>(`select count(*)::int as total from public.data_requests d ${filter}`, params);
  return { total, page: query.page, pageSize: PAGE_SIZE, requests: rows };
}

async function requestById(tx: Tx, id: number): Promise<DataRequest | null> {
  const { rows } = await tx.query<DataRequest>(`select ${COLUMNS} from ${FROM} where d.id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * A request that arrived by email, phone or letter, entered by a member in their own name (the policy
 * data_requests_enter). Naming a candidate fills in who asked, unless given. Audited.
 */
export async function enterDataRequest(tx: Tx, userId: string, input: DataRequestCreate): Promise<DataRequest> {
  let name = input.requesterName ?? null;
  let email = input.requesterEmail ?? null;
  if (input.candidateId != null) {
    const { rows: [candidate] } = await tx.query<{ name: string; email: string | null }>(
      'select name, email::text from public.candidates where id = $1', [input.candidateId]);
    if (!candidate) throw new DomainError(404, 'candidate_not_found', 'candidateId');
    name ??= candidate.name;
    email ??= candidate.email;
  }
  const { rows: [{ id }] } = await tx.query<{ id: number }>(
    `insert into public.data_requests (candidate_id, requester_name, requester_email, kind, source, details, received_at, due_at, created_by)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), coalesce($7::timestamptz, now()) + interval '1 month', $8)
     returning id::int`,
    [input.candidateId ?? null, name, email, input.kind, input.source, input.details ?? null, input.receivedAt ?? null, userId]);
  await audit(tx, userId, 'data_request.create', 'data_request', id, { kind: input.kind, source: input.source });
  return (await requestById(tx, id))!;
}

/**
 * An admin handles a request: `done` (an erasure: the candidate is erased now, through erase_candidates())
 * or `refused` with the reason (for an erasure: the data is kept, and why). Audited. Null: no such request;
 * 409 once it is handled, or while the candidate can still undo their erasure.
 */
export async function handleDataRequest(tx: Tx, actorId: string, id: number, decision: DataRequestHandle): Promise<DataRequest | null> {
  const { rows: [request] } = await tx.query<{ kind: string; state: string; candidate_id: number | null; undo_open: boolean }>(
    `select kind, state, candidate_id::int, coalesce(execute_after > now(), false) as undo_open
       from public.data_requests where id = $1 for update`, [id]);
  if (!request) return null;
  if (request.state !== 'open' && request.state !== 'scheduled') throw new DomainError(409, 'data_request_closed', 'state');
  let erased = false;
  if (decision.state === 'done' && request.kind === 'erasure' && request.candidate_id !== null) {
    if (request.undo_open) throw new DomainError(409, 'erasure_undo_window', 'state');
    erased = (await deleteCandidates(tx, [request.candidate_id], `Erasure request ${id}`)).length > 0;
  }
  await tx.query(
    `update public.data_requests set state = $2, resolution = $3, handled_by = $4, handled_at = now() where id = $1`,
    [id, decision.state, decision.resolution ?? null, actorId]);
  await audit(tx, actorId, `data_request.${decision.state}`, 'data_request', id,
    { kind: request.kind, reason: decision.resolution ?? null, ...(request.kind === 'erasure' ? { erased } : {}) });
  return requestById(tx, id);
}
