// Candidates: the list (filters, sorting, offset or cursor paging), detail,
// create/edit (consent through the ledger), delete, and the CSV export rows.
// Everything runs in the caller's transaction, so row-level security applies.
import type { Tx } from '../../platform/db/request.server.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { DomainError } from '../errors.ts';
import { say, type Said } from '../i18n/codes.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { recordInitialConsent, recordRecruiterConsent } from '../consent/ledger.server.ts';
import { explainScore, HORIZON_DAYS, type ScoreEvent } from '../engagement/score.ts';
import type { Language } from '../schemas/language.ts';
import { CANDIDATE_FIELDS, type CandidateCreate, type CandidateDetail, type CandidateField, type CandidateFilter, type CandidateListQuery, type CandidateUpdate } from './schemas.ts';

/** A refusal that names the field (the API answers it as a 4xx). */
export class InputError extends DomainError {
  constructor(status: 404 | 409 | 422, field: string, said: Said) {
    super(status, said, field);
  }
}

/**
 * Unique violations by constraint name: under row-level security PostgreSQL
 * leaves out the error's detail (the key), so the constraint is all there is.
 */
export async function uniqueAs<T>(constraints: Record<string, [field: string, said: Said]>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    const known = code === '23505' && constraint ? constraints[constraint] : undefined;
    if (known) throw new InputError(409, known[0], known[1]);
    throw error;
  }
}

const EMAIL_TAKEN: Record<string, [string, Said]> = {
  candidates_email_key: ['email', 'candidate_email_taken'],
};

/**
 * A candidate insert or update: a taken email is a 409; a zone that passed
 * ianaTimeZone() but that PostgreSQL does not know (public.is_iana_time_zone,
 * in the trigger) is the same 400 as one the schema refused.
 */
async function writeCandidate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await uniqueAs(EMAIL_TAKEN, work);
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23514' && constraint === 'candidates_time_zone_known') {
      throw new DomainError(400, 'validation.time_zone', 'timeZone');
    }
    throw error;
  }
}


/** Timestamps in JSON: ISO 8601 in UTC with milliseconds (the transaction's time zone is set to UTC). */
const ts = (column: string) => `date_trunc('milliseconds', ${column})`;

/** Each field of a candidate as SQL over `c` (candidates) and `p.ids` (pool ids, earliest membership first). */
const FIELD_SQL: Record<CandidateField, string> = {
  id: 'c.id', name: 'c.name', email: 'c.email', phone: 'c.phone', whatsappNumber: 'c.whatsapp_number',
  allowsEmail: 'c.allows_email', allowsWhatsapp: 'c.allows_whatsapp',
  talentPoolId: 'p.ids[1]', talentPoolIds: "coalesce(p.ids, '{}')",
  preferredContactMethod: 'c.preferred_contact_method', jobFunction: 'c.job_function', skillTags: 'c.skill_tags',
  seniorityLevel: 'c.seniority_level', location: 'c.location', preferredRole: 'c.preferred_role',
  leadScore: 'c.lead_score', engagementScore: 'c.engagement_score', unsubscribedAt: ts('c.unsubscribed_at'),
  whatsappOptedOutAt: ts('c.whatsapp_opted_out_at'), emailConsentExpiresAt: ts('c.email_consent_expires_at'),
  notes: 'c.notes', language: 'c.language', createdAt: ts('c.created_at'), updatedAt: ts('c.updated_at'),
  possibleDuplicate: `exists (select 1 from public.candidate_duplicates d
                              where (d.low_id = c.id or d.high_id = c.id) and d.dismissed_at is null)`,
};

/**
 * The candidate as JSON, built by PostgreSQL (row_to_json): a 10,000-row list is
 * then one string per row that Node only joins, instead of parsing and
 * re-serialising every field. Needs the lateral `x` made by candidateColumns().
 */
function candidateColumns(fields: readonly CandidateField[]): string {
  return `cross join lateral (select ${fields.map((field) => `${FIELD_SQL[field]} as "${field}"`).join(', ')}) x`;
}

const POOL_IDS = `left join lateral (
  select array_agg(m.talent_pool_id order by m.added_at, m.talent_pool_id) as ids
    from public.talent_pool_members m where m.candidate_id = c.id) p on true`;
const needsPools = (fields: readonly CandidateField[]) => fields.includes('talentPoolId') || fields.includes('talentPoolIds');

/** Sort keys: the column, and whether it can be null (nulls come last ascending, first descending). */
const SORT_COLUMNS: Record<CandidateListQuery['sort'], { column: string; nullable: boolean; type: string }> = {
  name: { column: 'c.name', nullable: false, type: 'text' },
  createdAt: { column: 'c.created_at', nullable: false, type: 'timestamptz' },
  leadScore: { column: 'c.lead_score', nullable: false, type: 'integer' },
  engagementScore: { column: 'c.engagement_score', nullable: false, type: 'integer' },
  location: { column: 'c.location', nullable: true, type: 'text' },
};

/**
 * WHERE conditions for the filters. `q` must already be normalised with
 * public.search_doc (see prepare): each of its words must occur in the
 * candidate's search_text. With a word of 3+ letters the lookup runs in
 * candidate_ids_by_text, through the trigram index (RLS would not let LIKE use it).
 */
function filterSql(filter: CandidateFilter, normalisedQ: string | null, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const words = (normalisedQ ?? '').split(/\s+/).filter(Boolean).slice(0, 8).sort((a, b) => b.length - a.length);
  const patterns = words.map(containsPattern);
  if (words.length && words[0].length >= 3) {
    where.push(`c.id in (select public.candidate_ids_by_text(${param(patterns)}::text[]))`);
  } else {
    // Words under 3 letters have no trigrams to look up: a filter on the rows read anyway.
    for (const pattern of patterns) where.push(`c.search_text like ${param(pattern)}`);
  }
  if (filter.talentPoolId) {
    where.push(`exists (select 1 from public.talent_pool_members m where m.talent_pool_id = ${param(filter.talentPoolId)} and m.candidate_id = c.id)`);
  }
  if (filter.skill) where.push(`c.skill_tags @> array[${param(filter.skill)}]::text[]`);
  if (filter.seniority) where.push(`c.seniority_level = ${param(filter.seniority)}`);
  if (filter.location) where.push(`lower(c.location) = lower(${param(filter.location)})`);
  // "Can be emailed / WhatsApped now", by the one eligibility rule (public.contact_blockers).
  if (filter.consent === 'email') where.push(`public.can_contact(c, 'email')`);
  if (filter.consent === 'whatsapp') where.push(`public.can_contact(c, 'whatsapp')`);
  if (filter.consent === 'none') where.push(`not public.can_contact(c, 'email') and not public.can_contact(c, 'whatsapp')`);
  if (filter.minEngagement !== null && filter.minEngagement !== undefined) where.push(`c.engagement_score >= ${param(filter.minEngagement)}`);
  return where;
}

/** Sets the transaction's time zone to UTC (for the JSON timestamps) and normalises `q` like search_text. */
async function prepare(tx: Tx, q: string | null | undefined): Promise<string | null> {
  const { rows } = await tx.query<{ doc: string | null }>(
    `select set_config('timezone', 'UTC', true), public.search_doc($1) as doc`, [q ?? null]);
  return q ? rows[0].doc : null;
}

interface Cursor { value: string | number | null; id: number }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

const BAD_CURSOR = () => new InputError(422, 'cursor', 'cursor_invalid');

function decodeCursor(text: string): Cursor {
  try {
    const [value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    if (Number.isSafeInteger(id) && (id as number) > 0 && (value === null || typeof value === 'string' || typeof value === 'number')) {
      return { value, id: id as number };
    }
  } catch { /* fall through */ }
  throw BAD_CURSOR();
}

/** A timestamp as PostgreSQL writes it (`2026-11-21 05:42:22.037+00`) or in ISO 8601, on a real calendar day. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/;

/**
 * Whether a cursor's value has the type of the sort column: a forged cursor
 * (a score beyond integer, a date that is not one, a NUL) must be a 422, not a
 * database error.
 */
function cursorValueFits(value: Cursor['value'], type: string, nullable: boolean): boolean {
  if (value === null) return nullable;
  if (type === 'integer') return Number.isSafeInteger(value) && Math.abs(value as number) <= 2_147_483_647;
  if (typeof value !== 'string' || value.includes('\u0000')) return false;
  if (type !== 'timestamptz') return true;
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The keyset condition "after this row" for the chosen order. */
function afterCursor(cursor: Cursor, sort: CandidateListQuery['sort'], dir: 'asc' | 'desc', params: unknown[]): string {
  const { column, nullable, type } = SORT_COLUMNS[sort];
  if (!cursorValueFits(cursor.value, type, nullable)) throw BAD_CURSOR();
  // A null value is no parameter: PostgreSQL refuses a parameter that no expression uses (it cannot type it).
  const id = `$${params.push(cursor.id)}::bigint`;
  const v = cursor.value === null ? 'null' : `$${params.push(cursor.value)}::${type}`;
  const cmp = dir === 'asc' ? '>' : '<';
  if (!nullable) return `(${column}, c.id) ${cmp} (${v}, ${id})`;
  if (dir === 'asc') {
    // ascending: values, then nulls
    return cursor.value === null
      ? `(${column} is null and c.id > ${id})`
      : `(${column} > ${v} or (${column} = ${v} and c.id > ${id}) or ${column} is null)`;
  }
  // descending: nulls, then values
  return cursor.value === null
    ? `((${column} is null and c.id < ${id}) or ${column} is not null)`
    : `(${column} < ${v} or (${column} = ${v} and c.id < ${id}))`;
}

export interface CandidatePage {
  /** The page as a JSON array, ready to send. */
  json: string;
  rows: number;
  /** Every candidate the filters match; null when the query asked for no count (`count=false`). */
  total: number | null;
  nextCursor: string | null;
}

/** How many candidates the conditions of filterSql() match. */
async function countWhere(tx: Tx, where: string[], params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from public.candidates c ${where.length ? `where ${where.join(' and ')}` : ''}`, params);
  return rows[0].n;
}

/** How many candidates the filters match (the people list's total, the export's audit). */
export async function countCandidates(tx: Tx, filter: CandidateFilter): Promise<number> {
  const params: unknown[] = [];
  return countWhere(tx, filterSql(filter, await prepare(tx, filter.q), params), params);
}

/** One page of candidates, plus the total that matches the filters unless `count` is false. */
export async function listCandidates(tx: Tx, query: CandidateListQuery): Promise<CandidatePage> {
  const q = await prepare(tx, query.q);
  const fields = query.fields?.length ? query.fields : CANDIDATE_FIELDS;
  const params: unknown[] = [];
  const where = filterSql(query, q, params);
  const filterWhere = [...where];
  const filterParams = [...params];
  if (query.cursor) where.push(afterCursor(decodeCursor(query.cursor), query.sort, query.dir, params));
  const { column } = SORT_COLUMNS[query.sort];
  const order = `${column} ${query.dir}, c.id ${query.dir}`;
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  params.push(query.limit);
  const limit = `$${params.length}`;
  // A deep offset is skipped over in the sort index alone (an index-only scan);
  // only the page's own rows are then read from the table.
  const page = query.offset > 0 && !query.cursor
    ? `select c.* from public.candidates c
        where c.id in (select c.id from public.candidates c ${whereSql} order by ${order} limit ${limit} offset $${params.push(query.offset)})`
    : `select c.* from public.candidates c ${whereSql} order by ${order} limit ${limit}`;
  const rows = await tx.query<{ j: string; k: string | number | null; id: number }>(
    `select row_to_json(x)::text as j, ${column}${query.sort === 'createdAt' ? '::text' : ''} as k, c.id
       from (${page}) c
       ${needsPools(fields) ? POOL_IDS : ''}
       ${candidateColumns(fields)}
      order by ${order}`, params);
  const total = query.count === false ? null : await countWhere(tx, filterWhere, filterParams);
  const last = rows.rows.at(-1);
  return {
    json: `[${rows.rows.map((row) => row.j).join(',')}]`,
    rows: rows.rowCount ?? 0,
    total,
    nextCursor: last && rows.rows.length === query.limit ? encodeCursor({ value: last.k, id: last.id }) : null,
  };
}

export interface CandidateExportRow {
  id: number; name: string; email: string | null; phone: string | null; whatsappNumber: string | null;
  allowsEmail: boolean; allowsWhatsapp: boolean; talentPools: string; preferredContactMethod: string;
  jobFunction: string | null; skillTags: string[]; seniorityLevel: string | null; location: string | null;
  preferredRole: string | null; leadScore: number; engagementScore: number; unsubscribedAt: string | null;
  notes: string | null; createdAt: string;
  /** Only a zone set by hand: one inferred from the location would come back as set by hand. */
  timeZone: string | null;
  language: string | null;
}

/** The export's columns, named so that the file imports back as it is. */
export const EXPORT_COLUMNS: Array<[keyof CandidateExportRow, string]> = [
  ['id', 'id'], ['name', 'name'], ['email', 'email'], ['phone', 'phone'], ['whatsappNumber', 'whatsappNumber'],
  ['allowsEmail', 'allowsEmail'], ['allowsWhatsapp', 'allowsWhatsapp'], ['talentPools', 'talentPools'],
  ['preferredContactMethod', 'preferredContactMethod'], ['jobFunction', 'jobFunction'], ['skillTags', 'skillTags'],
  ['seniorityLevel', 'seniorityLevel'], ['location', 'location'], ['preferredRole', 'preferredRole'],
  ['leadScore', 'leadScore'], ['engagementScore', 'engagementScore'], ['unsubscribedAt', 'unsubscribedAt'],
  ['notes', 'notes'], ['createdAt', 'createdAt'], ['timeZone', 'timeZone'], ['language', 'language'],
];

/**
 * One chunk of the filtered list for the CSV export, in keyset order. Returns
 * the rows and the cursor for the next chunk (null at the end).
 */
export async function exportChunk(tx: Tx, filter: CandidateFilter & Pick<CandidateListQuery, 'sort' | 'dir'>,
  cursor: string | null, size: number): Promise<{ rows: CandidateExportRow[]; next: string | null }> {
  const q = await prepare(tx, filter.q);
  const params: unknown[] = [];
  const where = filterSql(filter, q, params);
  if (cursor) where.push(afterCursor(decodeCursor(cursor), filter.sort, filter.dir, params));
  const { column } = SORT_COLUMNS[filter.sort];
  const order = `${column} ${filter.dir}, c.id ${filter.dir}`;
  params.push(size);
  const { rows } = await tx.query<CandidateExportRow & { k: string | number | null }>(
    `select c.id, c.name, c.email::text as email, c.phone, c.whatsapp_number as "whatsappNumber",
            c.allows_email as "allowsEmail", c.allows_whatsapp as "allowsWhatsapp",
            coalesce((select string_agg(tp.name, '; ' order by m.added_at, tp.id)
                        from public.talent_pool_members m join public.talent_pools tp on tp.id = m.talent_pool_id
                       where m.candidate_id = c.id), '') as "talentPools",
            c.preferred_contact_method as "preferredContactMethod", c.job_function as "jobFunction",
            c.skill_tags as "skillTags", c.seniority_level as "seniorityLevel", c.location,
            c.preferred_role as "preferredRole", c.lead_score as "leadScore", c.engagement_score as "engagementScore",
            ${isoTimestamp('c.unsubscribed_at')} as "unsubscribedAt", c.notes, ${isoTimestamp('c.created_at')} as "createdAt",
            case when c.time_zone_source = 'manual' then c.time_zone end as "timeZone", c.language,
            ${column}${filter.sort === 'createdAt' ? '::text' : ''} as k
       from public.candidates c ${where.length ? `where ${where.join(' and ')}` : ''}
      order by ${order} limit $${params.length}`, params);
  const last = rows.at(-1);
  return { rows, next: last && rows.length === size ? encodeCursor({ value: last.k, id: last.id }) : null };
}

/** Event counts and the events the score reads, as the detail query returns them. */
interface StoredEngagement {
  opens: number; humanOpens: number; clicks: number; replies: number; meetings: number;
  now: string; events: ScoreEvent[];
}

/** A candidate with pools, consent history, messages so far and engagement; null when not found. */
export async function getCandidate(tx: Tx, id: number): Promise<CandidateDetail | null> {
  await prepare(tx, null);
  const { rows } = await tx.query<{ detail: Omit<CandidateDetail, 'engagement'> & { engagement: StoredEngagement } }>(
    `select to_jsonb(x) || jsonb_build_object(
       'pools', coalesce((select jsonb_agg(jsonb_build_object('id', tp.id, 'name', tp.name) order by m.added_at, tp.id)
                            from public.talent_pool_members m join public.talent_pools tp on tp.id = m.talent_pool_id
                           where m.candidate_id = c.id), '[]'),
       'consentHistory', coalesce((select jsonb_agg(jsonb_build_object(
                            'channel', e.channel, 'granted', e.granted, 'source', e.source, 'wording', e.wording,
                            'createdAt', ${ts('e.created_at')}, 'createdBy', e.created_by) order by e.created_at desc, e.id desc)
                           from public.consent_events e where e.candidate_id = c.id), '[]'),
       'messages', coalesce((select jsonb_agg(jsonb_build_object(
                       'id', msg.id, 'subject', msg.subject, 'direction', msg.direction, 'channel', msg.channel,
                       'sentiment', msg.sentiment, 'status', msg.status, 'createdAt', ${ts('msg.created_at')},
                       'autoReply', msg.auto_reply, 'autoReplyUntil', to_char(msg.auto_reply_until, 'YYYY-MM-DD'),
                       'optOutReview', msg.opt_out_review,
                       'bounce', case when msg.direction = 'out' then public.message_bounce(msg.id) end) order by msg.created_at desc, msg.id desc)
                      from (select * from public.messages where candidate_id = c.id order by created_at desc, id desc limit 200) msg), '[]'),
       'emailBounce', public.candidate_email_bounce(c),
       -- Where send windows put the candidate's morning: their own zone (set by hand, or from the location), else the organisation's.
       'timeZone', jsonb_build_object('zone', coalesce(c.time_zone, (select s.time_zone from public.organisation_settings s), 'Europe/Amsterdam'),
                                      'fromLocation', c.time_zone_source = 'location' and c.time_zone is not null,
                                      'source', case when c.time_zone_source = 'manual' then 'manual'
                                                     when c.time_zone is not null then 'location' else 'organisation' end),
       'contactBlockers', jsonb_build_object('email', to_jsonb(public.contact_blockers(c, 'email')),
                                             'whatsapp', to_jsonb(public.contact_blockers(c, 'whatsapp'))),
       'engagement', (select jsonb_build_object(
                         'opens', count(*) filter (where kind = 'open'), 'humanOpens', count(*) filter (where kind = 'open' and not machine),
                         'clicks', count(*) filter (where kind = 'click' and not machine), 'replies', count(*) filter (where kind = 'reply'),
                         'meetings', count(*) filter (where kind = 'meeting_booked'), 'now', ${ts('now()')},
                         -- What the score reads (decision 016); explainScore() weighs them below.
                         'events', coalesce(jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'at', ${ts('occurred_at')}, 'machine', machine,
                                     'sentiment', case when kind = 'reply' then public.engagement_reply_sentiment(metadata, message_id) end))
                                     filter (where not machine and occurred_at > now() - interval '${HORIZON_DAYS} days'), '[]'))
                        from public.engagement_events where candidate_id = c.id)
     ) as detail
       from public.candidates c ${POOL_IDS} ${candidateColumns(CANDIDATE_FIELDS)}
      where c.id = $1`, [id]);
  const detail = rows[0]?.detail;
  if (!detail) return null;
  // The score as of now with the signals behind it: the stored score may be a night of decay behind.
  const { events, now, ...counts } = detail.engagement;
  return { ...detail, engagement: { ...counts, ...explainScore(events, new Date(now)) } };
}

/** Candidate fields that map straight onto a column. */
const COLUMNS: Array<[keyof CandidateUpdate, string]> = [
  ['name', 'name'], ['email', 'email'], ['phone', 'phone'], ['whatsappNumber', 'whatsapp_number'],
  ['preferredContactMethod', 'preferred_contact_method'], ['jobFunction', 'job_function'], ['skillTags', 'skill_tags'],
  ['seniorityLevel', 'seniority_level'], ['location', 'location'], ['preferredRole', 'preferred_role'],
  ['leadScore', 'lead_score'], ['notes', 'notes'], ['language', 'language'],
  // A zone given is set by hand, null infers it again (the trigger candidates_infer_time_zone keeps the rule).
  ['timeZone', 'time_zone'],
];

const DEFAULT_WORDING = 'Recorded by a recruiter in Talentloop';

async function assertPoolsExist(tx: Tx, poolIds: number[]) {
  if (!poolIds.length) return;
  const { rows } = await tx.query<{ id: number }>('select id from public.talent_pools where id = any($1::bigint[])', [poolIds]);
  const missing = poolIds.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw new InputError(422, 'talentPoolIds', say('talent_pool_missing', { id: missing[0] }));
}

/** Creates a candidate; consent for both channels goes into the ledger (given values, or the defaults). */
export async function createCandidate(tx: Tx, userId: string, input: CandidateCreate): Promise<CandidateDetail> {
  const poolIds = [...new Set(input.talentPoolIds ?? [])];
  await assertPoolsExist(tx, poolIds);
  const given = COLUMNS.filter(([field]) => input[field] !== undefined);
  const { rows } = await writeCandidate(() => tx.query<{ id: number }>(
    `insert into public.candidates (${[...given.map(([, column]) => column), 'created_by'].join(', ')})
     values (${[...given.map((_, i) => `$${i + 1}`), `$${given.length + 1}`].join(', ')}) returning id`,
    [...given.map(([field]) => input[field]), userId]));
  const id = rows[0].id;
  // A suppressed address (someone who opted out before) comes in withdrawn; the ledger says why.
  await recordInitialConsent(tx, userId, 'recruiter', input.consentWording ?? DEFAULT_WORDING, [
    { candidateId: id, channel: 'email', granted: input.allowsEmail ?? true },
    { candidateId: id, channel: 'whatsapp', granted: input.allowsWhatsapp ?? false },
  ]);
  if (poolIds.length) {
    await tx.query(
      `insert into public.talent_pool_members (talent_pool_id, candidate_id, added_by, added_at)
       select pool_id, $2, $3, now() + make_interval(secs => ord / 1000.0)
         from unnest($1::bigint[]) with ordinality as x(pool_id, ord)`, [poolIds, id, userId]);
  }
  return (await getCandidate(tx, id))!;
}

/**
 * Applies a change; consent changes become ledger entries with source "recruiter".
 * A grant needs the evidence in consentWording; a grant over the candidate's own
 * opt-out is refused (409, by the database). Null when not found.
 */
export async function updateCandidate(tx: Tx, userId: string, id: number, change: CandidateUpdate): Promise<CandidateDetail | null> {
  const current = await tx.query<{ allows_email: boolean; allows_whatsapp: boolean }>(
    'select allows_email, allows_whatsapp from public.candidates where id = $1 for update', [id]);
  if (!current.rows[0]) return null;
  const given = COLUMNS.filter(([field]) => change[field] !== undefined);
  if (given.length) {
    const sets = given.map(([, column], i) => `${column} = $${i + 2}`);
    // Said explicitly: choosing the zone the location already gives still pins it against later moves.
    if (typeof change.timeZone === 'string') sets.push(`time_zone_source = 'manual'`);
    await writeCandidate(() => tx.query(
      `update public.candidates set ${sets.join(', ')} where id = $1`,
      [id, ...given.map(([field]) => change[field])]));
  }
  for (const [channel, granted, now] of [['email', change.allowsEmail, current.rows[0].allows_email],
    ['whatsapp', change.allowsWhatsapp, current.rows[0].allows_whatsapp]] as const) {
    if (granted === undefined || granted === now) continue;
    if (granted && !change.consentWording) {
      throw new InputError(422, 'consentWording', 'consent_wording_required');
    }
    await recordRecruiterConsent(tx, { userId, candidateId: id, channel, granted,
      wording: change.consentWording ?? DEFAULT_WORDING });
  }
  return getCandidate(tx, id);
}

/**
 * The candidate's language read from what they wrote, kept only while none is known: one set by hand, by
 * CSV or read before stays (issue 29). Answers whether it was set now.
 */
export async function setLanguageIfUnknown(tx: Tx, id: number, language: Language): Promise<boolean> {
  const { rowCount } = await tx.query('update public.candidates set language = $2 where id = $1 and language is null', [id, language]);
  return Boolean(rowCount);
}

/**
 * Erases candidates through public.erase_candidates(), the one audited way:
 * memberships, ledger entries and messages go with them; an opt-out stays on
 * the suppression list as a hash. Returns the ids erased.
 */
export async function deleteCandidates(tx: Tx, ids: number[], reason: string): Promise<number[]> {
  const { rows } = await tx.query<{ ids: number[] }>('select public.erase_candidates($1::bigint[], $2) as ids', [ids, reason]);
  return rows[0].ids.map(Number);
}
