// The candidate's privacy page: what a privacy link's candidate sees and does, without an account. The token is
// a message's reply_token (the unsubscribe link's, in every message and campaign mail) or a meeting email's
// privacy_token; it names one candidate and nothing else. Runs as service_role (RLS bypassed, triggers apply).
// What the candidate does is written where an admin handles it (public.data_requests, source privacy_page): a
// download is an access request done at once, a correction a correction request done (with the fields that
// changed, audited), an erasure an erasure request scheduled after the undo window, which the worker carries out
// (worker/jobs of issue 30's retention) unless an admin keeps the data and says why. Consent changes are ledger
// entries of source 'candidate': only the candidate can reverse them (decision 008).
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import type { Language } from '../schemas/language.ts';
import { recordCandidateConsent } from '../consent/ledger.server.ts';
import {
  ERASURE_UNDO_DAYS, PRIVACY_TOKEN, type PrivacyConsent, type PrivacyCorrection, type PrivacyExport, type PrivacyOverview,
} from './schemas.ts';

/** Whose link it is, and by which email it came (named in what is recorded). */
export interface PrivacyTarget {
  candidateId: number;
  name: string;
  email: string | null;
  language: Language | null;
  /** 'message 12' or 'meeting email 3': the email whose link the candidate followed. */
  via: string;
}

const notFound = () => new DomainError(404, 'privacy_link_not_found', 'token');

/** Every kind of privacy link in one place: a message's reply token, a meeting email's or a reminder's privacy token. */
const TARGET = `select c.id::int as "candidateId", t.via, c.name, c.email::text as email, c.language
  from (select m.candidate_id, 'message ' || m.id as via from public.messages m where m.reply_token = $1
        union all
        select mt.candidate_id, 'meeting email ' || n.id from public.meeting_notifications n
          join public.meetings mt on mt.id = n.meeting_id
         where n.privacy_token = $1 and mt.candidate_id is not null
        union all
        select mt.candidate_id, 'meeting reminder ' || r.id from public.meeting_reminders r
          join public.meetings mt on mt.id = r.meeting_id
         where r.privacy_token = $1 and mt.candidate_id is not null) t
  join public.candidates c on c.id = t.candidate_id
 limit 1`;

/** The link's candidate, or a 404 naming the token (a wrong token says nothing about anyone). */
export async function privacyTarget(tx: Tx, token: string, { lock = false } = {}): Promise<PrivacyTarget> {
  if (!PRIVACY_TOKEN.test(token)) throw notFound();
  const { rows } = await tx.query<PrivacyTarget>(lock ? `${TARGET} for update of c` : TARGET, [token]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The overview's query over candidate $1; `full` adds the messages' texts and the engagement events (the export). */
function overviewSql(full: boolean): string {
  const messageFields = `'date', ${isoTimestamp('m.created_at')}, 'direction', m.direction, 'channel', m.channel, 'subject', m.subject` +
    (full ? `, 'content', m.content` : '');
  return `select json_build_object(
    'language', c.language,
    'timeZone', coalesce(c.time_zone, (select s.time_zone from public.organisation_settings s), 'Europe/Amsterdam'),
    'details', json_build_object(
      'name', c.name, 'email', c.email::text, 'phone', c.phone, 'location', c.location, 'jobFunction', c.job_function,
      'skills', c.skill_tags, 'seniorityLevel', c.seniority_level,
      'source', case when exists (select 1 from public.consent_events e where e.candidate_id = c.id and e.source in ('import', 'seed'))
                     then 'import' else 'recruiter' end,
      'createdAt', ${isoTimestamp('c.created_at')}),
    'talentPools', (select count(*)::int from public.talent_pool_members p where p.candidate_id = c.id),
    'messages', coalesce((select json_agg(json_build_object(${messageFields}) order by m.created_at desc, m.id desc)
                            from public.messages m where m.candidate_id = c.id and m.status <> 'draft'), '[]'),
    'meetings', coalesce((select json_agg(json_build_object('date', ${isoTimestamp('mt.starts_at')}, 'status', mt.status)
                                          order by mt.starts_at desc, mt.id desc)
                            from public.meetings mt where mt.candidate_id = c.id), '[]'),
    'consent', json_build_object(
      'email', json_build_object('granted', c.allows_email and c.unsubscribed_at is null,
                                 'expiresAt', ${isoTimestamp('c.email_consent_expires_at')},
                                 'expired', 'consent_expired' = any (public.contact_blockers(c, 'email'))),
      'whatsapp', json_build_object('granted', c.allows_whatsapp and c.whatsapp_opted_out_at is null)),
    'consentHistory', coalesce((select json_agg(json_build_object('date', ${isoTimestamp('e.created_at')}, 'channel', e.channel,
                                                                  'granted', e.granted, 'wording', e.wording) order by e.created_at desc, e.id desc)
                                  from public.consent_events e where e.candidate_id = c.id), '[]'),
    'erasure', (select json_build_object('state', r.state, 'executeAfter', ${isoTimestamp('r.execute_after')}, 'resolution', r.resolution)
                  from public.data_requests r
                 where r.candidate_id = c.id and r.kind = 'erasure' and r.state in ('open', 'scheduled', 'refused')
                 order by r.received_at desc, r.id desc limit 1)
    ${full ? `, 'exportedAt', ${isoTimestamp('now()')},
    'engagement', coalesce((select json_agg(json_build_object('date', ${isoTimestamp('g.occurred_at')}, 'kind', g.kind, 'url', g.url)
                                            order by g.occurred_at desc, g.id desc)
                              from public.engagement_events g where g.candidate_id = c.id), '[]')` : ''}
  ) as overview from public.candidates c where c.id = $1`;
}

async function overviewOf<T>(tx: Tx, candidateId: number, full: boolean): Promise<T> {
  const { rows } = await tx.query<{ overview: T }>(overviewSql(full), [candidateId]);
  return rows[0].overview;
}

/** GET: what we hold about the link's candidate. Changes nothing. */
export async function privacyOverview(app: pg.Pool, token: string): Promise<PrivacyOverview> {
  return asService(app, async (tx) => overviewOf<PrivacyOverview>(tx, (await privacyTarget(tx, token)).candidateId, false));
}

/** The download (art. 15 and 20): recorded as an access request of the privacy page, done at once (`record`: not for a HEAD). */
export async function privacyExport(app: pg.Pool, token: string, { record = true } = {}): Promise<PrivacyExport> {
  return asService(app, async (tx) => {
    const target = await privacyTarget(tx, token);
    if (record) await tx.query(
      `insert into public.data_requests (candidate_id, requester_name, requester_email, kind, source, details, state, handled_at, resolution)
       values ($1, $2, $3, 'access', 'privacy_page', $4, 'done', now(), 'Downloaded as JSON on the privacy page')`,
      [target.candidateId, target.name, target.email, `Downloaded on the privacy page (${target.via})`]);
    return overviewOf<PrivacyExport>(tx, target.candidateId, true);
  });
}

const CORRECTED_COLUMNS = { name: 'name', phone: 'phone', location: 'location' } as const;
type Corrected = keyof typeof CORRECTED_COLUMNS;

/**
 * The candidate corrects their name, phone or location: the fields that differ are changed, recorded as a
 * correction request done (its details name them) and audited. Nothing differs: nothing is recorded.
 */
export async function correctDetails(app: pg.Pool, token: string, input: PrivacyCorrection): Promise<Corrected[]> {
  return asService(app, async (tx) => {
    const target = await privacyTarget(tx, token, { lock: true });
    const { rows: [now] } = await tx.query<Record<Corrected, string | null>>(
      'select name, phone, location from public.candidates where id = $1', [target.candidateId]);
    const changed = (Object.keys(CORRECTED_COLUMNS) as Corrected[])
      .filter((field) => input[field] !== undefined && input[field] !== now[field]);
    if (!changed.length) return [];
    await tx.query(
      `update public.candidates set ${changed.map((field, i) => `${CORRECTED_COLUMNS[field]} = $${i + 2}`).join(', ')} where id = $1`,
      [target.candidateId, ...changed.map((field) => input[field] ?? null)]);
    const { rows: [request] } = await tx.query<{ id: number }>(
      `insert into public.data_requests (candidate_id, requester_name, requester_email, kind, source, details, state, handled_at, resolution)
       values ($1, $2, $3, 'correction', 'privacy_page', $4, 'done', now(), 'Corrected by the candidate on the privacy page')
       returning id::int`,
      [target.candidateId, input.name ?? now.name, target.email, `Corrected on the privacy page (${target.via}): ${changed.join(', ')}`]);
    await tx.query(
      `insert into public.audit_log (actor_id, action, entity, entity_id, details)
       values (null, 'candidate.correct', 'candidate', $1, $2)`,
      [String(target.candidateId), JSON.stringify({ source: 'privacy_page', fields: changed, dataRequestId: request.id, via: target.via })]);
    return changed;
  });
}

const CONSENT_WORDING: Record<PrivacyConsent['via'], Record<'granted' | 'withdrawn', string>> = {
  privacy_page: { granted: 'Opted in on the privacy page', withdrawn: 'Withdrawn on the privacy page' },
  keep_informed: { granted: 'Renewed with "Keep me informed" on the consent renewal page', withdrawn: 'Withdrawn on the consent renewal page' },
};

/**
 * The candidate's own choice on one channel (ledger source 'candidate'). An email grant is always written: it is
 * new consent, from which the expiry runs again (the renewal). Returns whether an entry was written.
 */
export async function setConsent(app: pg.Pool, token: string, input: PrivacyConsent): Promise<{ written: boolean; consent: PrivacyOverview['consent'] }> {
  return asService(app, async (tx) => {
    const target = await privacyTarget(tx, token, { lock: true });
    const wording = `${CONSENT_WORDING[input.via][input.granted ? 'granted' : 'withdrawn']} (${target.via})`;
    const written = await recordCandidateConsent(tx, {
      candidateId: target.candidateId, channel: input.channel, granted: input.granted, source: 'candidate', wording,
      renew: input.granted && input.channel === 'email',
    });
    return { written, consent: (await overviewOf<PrivacyOverview>(tx, target.candidateId, false)).consent };
  });
}

/** Erasure asked on the page: scheduled after the undo window; a second ask while one waits changes nothing. */
export async function askErasure(app: pg.Pool, token: string): Promise<{ status: 'scheduled' | 'already'; executeAfter: string }> {
  return asService(app, async (tx) => {
    const target = await privacyTarget(tx, token, { lock: true });
    const { rows: [waiting] } = await tx.query<{ executeAfter: string }>(
      `select ${isoTimestamp('execute_after')} as "executeAfter" from public.data_requests
        where candidate_id = $1 and kind = 'erasure' and state = 'scheduled' order by id desc limit 1`, [target.candidateId]);
    if (waiting) return { status: 'already', executeAfter: waiting.executeAfter };
    const { rows: [scheduled] } = await tx.query<{ executeAfter: string }>(
      `insert into public.data_requests (candidate_id, requester_name, requester_email, kind, source, details, state, execute_after)
       values ($1, $2, $3, 'erasure', 'privacy_page', $4, 'scheduled', now() + make_interval(days => $5))
       returning ${isoTimestamp('execute_after')} as "executeAfter"`,
      [target.candidateId, target.name, target.email, `Asked on the privacy page (${target.via})`, ERASURE_UNDO_DAYS]);
    return { status: 'scheduled', executeAfter: scheduled.executeAfter };
  });
}

/** "Undo": the candidate withdraws their scheduled erasure before it is carried out. */
export async function undoErasure(app: pg.Pool, token: string): Promise<'withdrawn' | 'none'> {
  return asService(app, async (tx) => {
    const target = await privacyTarget(tx, token, { lock: true });
    const { rowCount } = await tx.query(
      `update public.data_requests
          set state = 'withdrawn', handled_at = now(), resolution = 'Undone by the candidate on the privacy page'
        where candidate_id = $1 and kind = 'erasure' and state = 'scheduled' and execute_after > now()`, [target.candidateId]);
    return (rowCount ?? 0) > 0 ? 'withdrawn' : 'none';
  });
}
