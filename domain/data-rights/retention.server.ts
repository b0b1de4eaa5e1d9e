// Retention rules, the preview of whom they erase, and exemptions (issue 30). Admins only: the
// policies say so, and every change is audited here, in the transaction that makes it. Who is due,
// why and when is public.retention_due() (supabase/schemas/retention.sql), the one definition the
// preview and the worker's erasure (./retention-run.server.ts) both read.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { audit } from '../auth/users.server.ts';
import { DomainError } from '../errors.ts';
import {
  PAGE_SIZE, type DataRightsSummary, type RetentionExemption, type RetentionExemptionCreate, type RetentionPreview,
  type RetentionPreviewQuery, type RetentionRule, type RetentionRuleCreate, type RetentionRuleUpdate,
} from './schemas.ts';

const RULE_COLUMNS = `r.id::int as id, r.kind, r.months, r.grace_days as "graceDays", r.enabled,
  (select p.display_name from public.profiles p where p.id = coalesce(r.updated_by, r.created_by)) as "updatedBy",
  ${isoTimestamp('r.updated_at')} as "updatedAt"`;

/** The rules, in the order of their kinds. */
export async function listRetentionRules(tx: Tx): Promise<RetentionRule[]> {
  const { rows } = await tx.query<RetentionRule>(`select ${RULE_COLUMNS} from public.retention_rules r
    order by array_position(array['inactive', 'no_consent', 'erasure_requested'], r.kind)`);
  return rows;
}

async function ruleById(tx: Tx, id: number): Promise<RetentionRule | null> {
  const { rows } = await tx.query<RetentionRule>(`select ${RULE_COLUMNS} from public.retention_rules r where r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Adds a rule (one per kind: a second is a 409 naming `kind`); audited. */
export async function createRetentionRule(tx: Tx, actorId: string, rule: RetentionRuleCreate): Promise<RetentionRule> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.retention_rules (kind, months, grace_days, enabled, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $5) on conflict (kind) do nothing returning id::int`,
    [rule.kind, rule.months ?? null, rule.graceDays, rule.enabled, actorId]);
  if (!rows[0]) throw new DomainError(409, 'retention_rule_exists', 'kind');
  await audit(tx, actorId, 'retention_rule.create', 'retention_rule', rows[0].id,
    { kind: rule.kind, months: rule.months ?? null, graceDays: rule.graceDays, enabled: rule.enabled });
  return (await ruleById(tx, rows[0].id))!;
}

/** Changes a rule's months, grace period or whether it runs; audited with what changed. Null: no such rule. */
export async function updateRetentionRule(tx: Tx, actorId: string, id: number, change: RetentionRuleUpdate): Promise<RetentionRule | null> {
  const { rows: [before] } = await tx.query<{ kind: string; months: number | null }>(
    'select kind, months from public.retention_rules where id = $1 for update', [id]);
  if (!before) return null;
  if (change.months !== undefined && before.kind === 'erasure_requested') {
    throw new DomainError(400, 'validation.erasure_rule_no_months', 'months');
  }
  await tx.query(
    `update public.retention_rules set months = coalesce($2, months), grace_days = coalesce($3, grace_days),
       enabled = coalesce($4, enabled), updated_by = $5, updated_at = now() where id = $1`,
    [id, change.months ?? null, change.graceDays ?? null, change.enabled ?? null, actorId]);
  await audit(tx, actorId, 'retention_rule.update', 'retention_rule', id, { kind: before.kind, ...change });
  return ruleById(tx, id);
}

/** Removes a rule; audited. False: no such rule. */
export async function deleteRetentionRule(tx: Tx, actorId: string, id: number): Promise<boolean> {
  const { rows } = await tx.query<{ kind: string; months: number | null; grace_days: number }>(
    'delete from public.retention_rules where id = $1 returning kind, months, grace_days', [id]);
  if (!rows[0]) return false;
  await audit(tx, actorId, 'retention_rule.delete', 'retention_rule', id,
    { kind: rows[0].kind, months: rows[0].months, graceDays: rows[0].grace_days });
  return true;
}

/** The organisation's today plus `days`, as YYYY-MM-DD (the rules count days in its zone). */
async function dayAhead(tx: Tx, days: number): Promise<string> {
  const { rows } = await tx.query<{ until: string }>(
    "select to_char(public.organisation_today() + $1::int, 'YYYY-MM-DD') as until", [days]);
  return rows[0].until;
}

/** Who the rules erase from today up to `days` ahead, by date then name; one page of PAGE_SIZE. */
export async function retentionPreview(tx: Tx, query: RetentionPreviewQuery): Promise<RetentionPreview> {
  const until = await dayAhead(tx, query.days);
  const { rows } = await tx.query<RetentionPreview['items'][number] & { total: number }>(
    `select json_build_object('id', c.id, 'name', c.name, 'email', c.email::text) as candidate,
            json_build_object('id', d.rule_id, 'kind', d.rule_kind, 'months', d.months, 'graceDays', d.grace_days) as rule,
            ${isoTimestamp('d.since')} as since, to_char(d.erase_on, 'YYYY-MM-DD') as "eraseOn",
            ${isoTimestamp('d.erase_after')} as "eraseAfter", d.data_request_id::int as "dataRequestId",
            (count(*) over ())::int as total
       from public.retention_due($1::date) d
       join public.candidates c on c.id = d.candidate_id
      order by d.erase_on, c.name, c.id
      limit $2 offset $3`,
    [until, PAGE_SIZE, (query.page - 1) * PAGE_SIZE]);
  const total = rows[0]?.total ?? (query.page > 1 ? await previewCount(tx, until) : 0);
  return { until, total, page: query.page, pageSize: PAGE_SIZE, items: rows.map(({ total: _total, ...item }) => item) };
}

async function previewCount(tx: Tx, until: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>('select count(*)::int as count from public.retention_due($1::date)', [until]);
  return rows[0].count;
}

const EXEMPTION_COLUMNS = `json_build_object('id', c.id, 'name', c.name) as candidate, x.reason,
  (select p.display_name from public.profiles p where p.id = x.created_by) as "createdBy", ${isoTimestamp('x.created_at')} as "createdAt"`;

/** Everyone exempted, newest first. */
export async function listRetentionExemptions(tx: Tx): Promise<RetentionExemption[]> {
  const { rows } = await tx.query<RetentionExemption>(`select ${EXEMPTION_COLUMNS}
    from public.retention_exemptions x join public.candidates c on c.id = x.candidate_id order by x.created_at desc, c.name`);
  return rows;
}

/** Keeps one person out of the time-based rules, with the reason; audited. 404 for no such candidate, 409 when exempted already. */
export async function exemptCandidate(tx: Tx, actorId: string, { candidateId, reason }: RetentionExemptionCreate): Promise<RetentionExemption> {
  const { rowCount } = await tx.query('select 1 from public.candidates where id = $1 for key share', [candidateId]);
  if (!rowCount) throw new DomainError(404, 'candidate_not_found', 'candidateId');
  const inserted = await tx.query(
    `insert into public.retention_exemptions (candidate_id, reason, created_by) values ($1, $2, $3)
     on conflict (candidate_id) do nothing`, [candidateId, reason, actorId]);
  if (!inserted.rowCount) throw new DomainError(409, 'exemption_exists', 'candidateId');
  await audit(tx, actorId, 'retention.exempt', 'candidate', candidateId, { reason });
  const { rows } = await tx.query<RetentionExemption>(`select ${EXEMPTION_COLUMNS}
    from public.retention_exemptions x join public.candidates c on c.id = x.candidate_id where x.candidate_id = $1`, [candidateId]);
  return rows[0];
}

/** The rules apply to the person again; audited with the reason they had been kept for. False: not exempted. */
export async function removeExemption(tx: Tx, actorId: string, candidateId: number): Promise<boolean> {
  const { rows } = await tx.query<{ reason: string }>(
    'delete from public.retention_exemptions where candidate_id = $1 returning reason', [candidateId]);
  if (!rows[0]) return false;
  await audit(tx, actorId, 'retention.unexempt', 'candidate', candidateId, { exemptedFor: rows[0].reason });
  return true;
}

/**
 * The dashboard's card: requests due within 7 days or overdue, people erased within 7 days (today included), the
 * last as kept by public.retention_due_count() (decision 061): counted afresh once an hour old, or sooner when the
 * rules, exemptions or data requests change; `maxAgeSeconds` 0 counts now.
 */
export async function dataRightsSummary(tx: Tx, maxAgeSeconds = 3600): Promise<DataRightsSummary> {
  const until = await dayAhead(tx, 6);
  const { rows } = await tx.query<DataRightsSummary>(
    `select (select count(*)::int from public.data_requests
              where state in ('open', 'scheduled') and due_at >= now() and due_at < now() + interval '7 days') as "requestsDueThisWeek",
            (select count(*)::int from public.data_requests where state in ('open', 'scheduled') and due_at < now()) as "requestsOverdue",
            e.due as "erasuresNext7Days", e.counted_at as "erasuresCountedAt"
       from public.retention_due_count($1::date, make_interval(secs => $2)) e`, [until, maxAgeSeconds]);
  return rows[0];
}
