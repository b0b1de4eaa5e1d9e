// Retention (issue 30): admins set the rules; the preview says who is erased on which date and why;
// an exemption (audited) keeps someone; the worker erases who is due through erase_candidates(), once
// however many workers run, and the address stays suppressed; an erasure request is carried out when
// its undo window ends, unless the candidate withdrew it or an admin kept the data.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseDueCandidates } from '#domain/data-rights/retention-run.server.ts';
import type { DataRightsSummary, RetentionPreview, RetentionRule } from '#domain/data-rights/schemas.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { startWorker } from '#worker/index.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';

let app: TestApp;
let admin: TestClient;
let recruiter: TestClient;
/** The organisation's zone and its current month, "YYYY-MM". */
let zone: string;
let thisMonth: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client({ ip: '10.130.0.1' });
  await signInAdmin(admin);
  recruiter = app.client({ ip: '10.130.0.2' });
  await signInRecruiter(recruiter);
  const { rows: [settings] } = await app.pools.owner.query<{ zone: string; month: string }>(
    `select time_zone as zone, to_char(now() at time zone time_zone, 'YYYY-MM') as month from public.organisation_settings`);
  ({ zone, month: thisMonth } = settings);
});
afterAll(async () => { await app?.close(); });

/** "YYYY-MM" `months` before this month. */
function monthsAgo(months: number): string {
  const [year, month] = thisMonth.split('-').map(Number);
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const sql = <T extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  app.pools.owner.query<T>(text, params).then((result) => result.rows);

/**
 * A candidate written into the database, created and last edited `at` (local time in the organisation's zone);
 * `consented`: with email consent recorded then (else none at all: "no consent" since `at`).
 */
async function personFrom(at: string, { consented = false, name = `Kept Long ${uniqueTag()}` } = {}): Promise<{ id: number; name: string; email: string }> {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@example.org`;
  const [{ id }] = await sql<{ id: number }>('insert into public.candidates (name, email) values ($1, $2) returning id::int', [name, email]);
  if (consented) {
    await sql(`insert into public.consent_events (candidate_id, channel, granted, source, wording, created_at)
               values ($1, 'email', true, 'recruiter', 'Said yes', $2::timestamp at time zone $3)`, [id, at, zone]);
  }
  // Two updates: changing created_at is an edit (updated_at := now()); then updated_at alone is kept as written.
  await sql('update public.candidates set created_at = $2::timestamp at time zone $3 where id = $1', [id, at, zone]);
  await sql('update public.candidates set updated_at = $2::timestamp at time zone $3 where id = $1', [id, at, zone]);
  return { id, name, email };
}

/** Only these rules (through the API, as an admin sets them). */
async function useRules(rules: Array<{ kind: RetentionRule['kind']; months?: number; graceDays: number }>) {
  const { rules: current } = (await admin.get('/api/admin/retention-rules')).json as { rules: RetentionRule[] };
  for (const rule of current) expect((await admin.delete(`/api/admin/retention-rules/${rule.id}`)).status).toBe(200);
  for (const rule of rules) {
    const created = await admin.post('/api/admin/retention-rules', rule);
    expect(created.status, created.text).toBe(201);
  }
}

async function preview(days = 30): Promise<RetentionPreview> {
  const answer = await admin.get(`/api/admin/retention-preview?days=${days}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as RetentionPreview;
}

const itemOf = (page: RetentionPreview, id: number) => page.items.find((item) => item.candidate.id === id);
const exists = async (id: number) => (await sql('select 1 from public.candidates where id = $1', [id])).length > 0;
const erasures = (id: number) => sql<{ details: { reason: string; suppressedAddressesKept: number } }>(
  `select details from public.audit_log where action = 'candidate.erase' and details->'ids' @> to_jsonb($1::bigint)`, [id]);

describe('retention rules', () => {
  it('are for admins only: a recruiter gets 403 on every retention route', async () => {
    for (const [method, path] of [['GET', '/api/admin/retention-rules'], ['POST', '/api/admin/retention-rules'], ['GET', '/api/admin/retention-preview'],
      ['GET', '/api/admin/retention-exemptions'], ['POST', '/api/admin/retention-exemptions'], ['GET', '/api/admin/data-rights-summary']] as const) {
      const answer = await recruiter.send(method, path, method === 'POST' ? { body: { kind: 'inactive', months: 12 } } : {});
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.code).toBe('forbidden');
    }
  });

  it('start with the erasure of requests; an admin adds, changes and removes rules, each audited', async () => {
    const { rules } = (await admin.get('/api/admin/retention-rules')).json as { rules: RetentionRule[] };
    expect(rules.map(({ kind, months, graceDays, enabled }) => ({ kind, months, graceDays, enabled })))
      .toEqual([{ kind: 'erasure_requested', months: null, graceDays: 0, enabled: true }]);

    const created = await admin.post('/api/admin/retention-rules', { kind: 'inactive', months: 24, graceDays: 14 });
    expect(created.status, created.text).toBe(201);
    const rule = (created.json as { rule: RetentionRule }).rule;
    expect(rule).toMatchObject({ kind: 'inactive', months: 24, graceDays: 14, enabled: true, updatedBy: expect.any(String) });

    const again = await admin.post('/api/admin/retention-rules', { kind: 'inactive', months: 12 });
    expect([again.status, again.json.field, again.json.code]).toEqual([409, 'kind', 'retention_rule_exists']);

    const changed = await admin.patch(`/api/admin/retention-rules/${rule.id}`, { months: 36, enabled: false });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.rule).toMatchObject({ months: 36, graceDays: 14, enabled: false });

    expect((await admin.delete(`/api/admin/retention-rules/${rule.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/retention-rules/${rule.id}`)).json).toMatchObject({ code: 'retention_rule_not_found', field: 'id' });

    const audited = await sql<{ action: string; username: string; details: Record<string, unknown> }>(
      `select a.action, p.username::text, a.details from public.audit_log a join public.profiles p on p.id = a.actor_id
        where a.entity = 'retention_rule' and a.entity_id = $1 order by a.id`, [String(rule.id)]);
    expect(audited).toEqual([
      { action: 'retention_rule.create', username: 'admin', details: { kind: 'inactive', months: 24, graceDays: 14, enabled: true } },
      { action: 'retention_rule.update', username: 'admin', details: { kind: 'inactive', months: 36, enabled: false } },
      { action: 'retention_rule.delete', username: 'admin', details: { kind: 'inactive', months: 36, graceDays: 14 } },
    ]);
  });

  it('refuse bad input naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ kind: 'forever', months: 3 }, 'kind'],
      [{ kind: 'no_consent' }, 'months'],
      [{ kind: 'inactive', months: 0 }, 'months'],
      [{ kind: 'inactive', months: 2.5 }, 'months'],
      [{ kind: 'inactive', months: 12, graceDays: 400 }, 'graceDays'],
      [{ kind: 'erasure_requested', months: 6 }, 'months'],
      [{ kind: 'inactive', months: 12, colour: 'red' }, 'body'],
    ];
    for (const [rule, field] of cases) {
      const answer = await admin.post('/api/admin/retention-rules', rule);
      expect([answer.status, answer.json.field], JSON.stringify(rule)).toEqual([400, field]);
    }
    const [{ id }] = await sql<{ id: number }>(`select id::int from public.retention_rules where kind = 'erasure_requested'`);
    const months = await admin.patch(`/api/admin/retention-rules/${id}`, { months: 3 });
    expect([months.status, months.json.field]).toEqual([400, 'months']);
    expect((await admin.patch(`/api/admin/retention-rules/${id}`, {})).status).toBe(400);
  });
});

describe('the preview', () => {
  beforeEach(async () => {
    await useRules([{ kind: 'inactive', months: 24, graceDays: 14 }, { kind: 'no_consent', months: 12, graceDays: 0 }]);
  });

  it('lists who will be erased, by which rule, since when and on which date', async () => {
    // Last active on the 10th, 25 months ago: inactive for 24 months on the 10th of last month, erased 14 days later.
    const idle = await personFrom(`${monthsAgo(25)}-10 12:00`, { consented: true });
    // Without consent since the 3rd, 12 months ago (no ledger entry at all): erased on the 3rd of this month.
    const unconsented = await personFrom(`${monthsAgo(12)}-03 09:00`);

    const page = await preview();
    expect(itemOf(page, idle.id)).toMatchObject({
      candidate: { id: idle.id, name: idle.name, email: idle.email },
      rule: { kind: 'inactive', months: 24, graceDays: 14 },
      since: new Date(`${monthsAgo(25)}-10T12:00:00${offsetOf(`${monthsAgo(25)}-10`)}`).toISOString(),
      eraseOn: `${monthsAgo(1)}-24`,
      dataRequestId: null,
    });
    expect(itemOf(page, unconsented.id)).toMatchObject({ rule: { kind: 'no_consent', months: 12, graceDays: 0 }, eraseOn: `${thisMonth}-03` });
    // By date: the earlier erasure first.
    const order = page.items.map((item) => item.candidate.id).filter((id) => id === idle.id || id === unconsented.id);
    expect(order).toEqual([idle.id, unconsented.id]);
    expect(page.until >= page.items.at(-1)!.eraseOn).toBe(true);
  });

  it('counts messages, human engagement, meetings and edits as activity, not machine opens or the score', async () => {
    const since = `${monthsAgo(25)}-10 12:00`;
    const [messaged, clicked, machineOpened, edited, rescored, messagedLongAgo] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => personFrom(since, { consented: true })));
    await sql(`insert into public.messages (candidate_id, direction, channel, content, status, created_at)
               values ($1, 'in', 'email', 'Still interested', 'received', now() - interval '2 months'),
                      ($2, 'in', 'email', 'Not now', 'received', now() - interval '30 months')`, [messaged.id, messagedLongAgo.id]);
    await sql(`insert into public.engagement_events (candidate_id, kind, occurred_at, machine) values
               ($1, 'click', now() - interval '3 months', false), ($2, 'open', now() - interval '3 days', true)`, [clicked.id, machineOpened.id]);
    expect((await recruiter.patch(`/api/candidates/${edited.id}`, { jobFunction: 'Welder' })).status).toBe(200);
    // The score's own bookkeeping is no edit: updated_at stays.
    await sql('update public.candidates set engagement_score = 40, engagement_scored_at = now() where id = $1', [rescored.id]);

    const page = await preview();
    expect(itemOf(page, messaged.id)).toBeUndefined();
    expect(itemOf(page, clicked.id)).toBeUndefined();
    expect(itemOf(page, edited.id)).toBeUndefined();
    expect(itemOf(page, machineOpened.id)).toMatchObject({ rule: { kind: 'inactive' } });
    expect(itemOf(page, rescored.id)).toMatchObject({ rule: { kind: 'inactive' }, eraseOn: `${monthsAgo(1)}-24` });
    // A message older than the rule's window keeps nobody.
    expect(itemOf(page, messagedLongAgo.id)).toMatchObject({ rule: { kind: 'inactive' }, eraseOn: `${monthsAgo(1)}-24` });
  });

  it('keeps out someone with a meeting to come', async () => {
    const booked = await personFrom(`${monthsAgo(13)}-01 10:00`);
    const cancelled = await personFrom(`${monthsAgo(13)}-01 10:00`);
    const [{ id: adminId }] = await sql<{ id: string }>(`select id from public.profiles where username = 'admin'`);
    const start = Math.floor(Math.random() * 100_000);
    for (const [candidate, status, offset] of [[booked, 'confirmed', 0], [cancelled, 'cancelled', 60]] as const) {
      await sql(`insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at, status, created_at)
                 values ($1, $2, 'Intro', now() + make_interval(days => 200, mins => $3), now() + make_interval(days => 200, mins => $3 + 30), $4,
                         now() - interval '13 months')`, [adminId, candidate.id, start + offset, status]);
    }
    const page = await preview();
    expect(itemOf(page, booked.id)).toBeUndefined();
    expect(itemOf(page, cancelled.id)).toMatchObject({ rule: { kind: 'no_consent' } });
  });

  it('looks ?days ahead and pages by 50', async () => {
    // Inactive 24 months on the 10th, 23 months ago: due next month (+14 days), outside 0 days, inside 90.
    const later = await personFrom(`${monthsAgo(23)}-10 12:00`, { consented: true });
    expect(itemOf(await preview(0), later.id)).toBeUndefined();
    expect(itemOf(await preview(90), later.id)).toMatchObject({ eraseOn: expect.stringMatching(/^\d{4}-\d{2}-24$/) });
    const bad = await admin.get('/api/admin/retention-preview?days=400');
    expect([bad.status, bad.json.field]).toEqual([400, 'days']);
    const second = await admin.get('/api/admin/retention-preview?days=90&page=2');
    expect(second.json).toMatchObject({ page: 2, pageSize: 50 });
  });
});

describe('exemptions', () => {
  beforeEach(async () => { await useRules([{ kind: 'inactive', months: 24, graceDays: 0 }]); });

  it('keep one person out, with the reason, audited; lifting one lets the rules apply again', async () => {
    const kept = await personFrom(`${monthsAgo(30)}-05 08:00`);
    expect(itemOf(await preview(), kept.id)).toBeDefined();

    const short = await admin.post('/api/admin/retention-exemptions', { candidateId: kept.id, reason: 'no' });
    expect([short.status, short.json.field, short.json.code]).toEqual([400, 'reason', 'validation.reason_required']);
    const missing = await admin.post('/api/admin/retention-exemptions', { candidateId: 999_999_999, reason: 'Legal hold' });
    expect([missing.status, missing.json.field]).toEqual([404, 'candidateId']);

    const exempted = await admin.post('/api/admin/retention-exemptions', { candidateId: kept.id, reason: 'Legal hold until the case ends' });
    expect(exempted.status, exempted.text).toBe(201);
    expect(exempted.json.exemption).toMatchObject({ candidate: { id: kept.id, name: kept.name }, reason: 'Legal hold until the case ends', createdBy: expect.any(String) });
    const twice = await admin.post('/api/admin/retention-exemptions', { candidateId: kept.id, reason: 'Legal hold' });
    expect([twice.status, twice.json.code]).toEqual([409, 'exemption_exists']);

    expect(itemOf(await preview(), kept.id)).toBeUndefined();
    expect((await admin.get('/api/admin/retention-exemptions')).json.exemptions.map((x: { candidate: { id: number } }) => x.candidate.id)).toContain(kept.id);
    await eraseDueCandidates(app.pools.app);
    expect(await exists(kept.id)).toBe(true);

    expect((await admin.delete(`/api/admin/retention-exemptions/${kept.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/retention-exemptions/${kept.id}`)).json).toMatchObject({ code: 'exemption_not_found' });
    expect(itemOf(await preview(), kept.id)).toBeDefined();

    const audited = await sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from public.audit_log where entity = 'candidate' and entity_id = $1 and action like 'retention.%' order by id`, [String(kept.id)]);
    expect(audited).toEqual([
      { action: 'retention.exempt', details: { reason: 'Legal hold until the case ends' } },
      { action: 'retention.unexempt', details: { exemptedFor: 'Legal hold until the case ends' } },
    ]);
  });
});

describe('the erasure', () => {
  beforeEach(async () => { await useRules([{ kind: 'no_consent', months: 12, graceDays: 7 }, { kind: 'erasure_requested', graceDays: 0 }]); });

  it('erases everyone due once, with two workers at it, naming the rule; the address stays suppressed', async () => {
    const due = await personFrom(`${monthsAgo(14)}-02 10:00`);
    const notYet = await personFrom(`${monthsAgo(11)}-02 10:00`);
    // Their address on the suppression list: a recruiter recorded the withdrawal 14 months ago.
    await sql(`insert into public.consent_events (candidate_id, channel, granted, source, wording, created_at)
               values ($1, 'email', false, 'recruiter', 'Asked to stop', now() - interval '14 months')`, [due.id]);

    const runs = await Promise.all([eraseDueCandidates(app.pools.app), eraseDueCandidates(app.pools.app)]);
    expect(runs.some((run) => run.erased >= 1)).toBe(true);
    expect(await exists(due.id)).toBe(false);
    expect(await exists(notYet.id)).toBe(true);
    expect(await erasures(due.id)).toEqual([{ details: expect.objectContaining({ reason: 'Retention rule: no consent for 12 months', suppressedAddressesKept: 1 }) }]);
    const [{ suppressed }] = await sql<{ suppressed: boolean }>('select (public.email_suppression($1)).address_hash is not null as suppressed', [due.email]);
    expect(suppressed).toBe(true);
    // Nothing is left to do.
    expect((await eraseDueCandidates(app.pools.app)).erased).toBe(0);
  });

  it('runs as a job: two workers on one database erase a due person once, then count the dashboard card\'s erasures', async () => {
    const due = await personFrom(`${monthsAgo(15)}-02 10:00`);
    const workers = await Promise.all([startWorker(app.ownerUrl, app.pools, app.config), startWorker(app.ownerUrl, app.pools, app.config)]);
    const started = new Date();
    try {
      await Promise.all(workers.map((worker) => worker.jobs.send(QUEUES.retention, [{ data: {} }])));
      await until(() => exists(due.id), (present) => !present);
      // The erasure emptied the kept counts (a candidate went); the job counts again, before any admin looks.
      await until(() => sql<{ counted_at: Date }>('select counted_at from private.retention_due_counts'),
        (rows) => rows.some((row) => row.counted_at >= started));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(await erasures(due.id)).toHaveLength(1);
  });

  it('carries out an erasure request when its undo window ends, unless withdrawn or kept by an admin', async () => {
    // Everyone consented 20 months ago, so no time-based rule is due.
    const [asked, withdrew, kept, waiting, exempted] = await Promise.all(['asked', 'withdrew', 'kept', 'waiting', 'exempted']
      .map((what) => personFrom(`${monthsAgo(20)}-01 09:00`, { consented: true, name: `Asked To Go ${what} ${uniqueTag()}` })));
    const request = async (candidateId: number, executeAfter: string) => (await sql<{ id: number }>(
      `insert into public.data_requests (candidate_id, requester_name, kind, source, state, received_at, execute_after)
       values ($1, 'Someone', 'erasure', 'privacy_page', 'scheduled', now() - interval '8 days', now() + $2::interval) returning id::int`,
      [candidateId, executeAfter]))[0].id;
    const askedRequest = await request(asked.id, '-1 hour');
    const withdrawnRequest = await request(withdrew.id, '-1 hour');
    const keptRequest = await request(kept.id, '-1 hour');
    const waitingRequest = await request(waiting.id, '3 days');
    await request(exempted.id, '-1 hour');
    await sql(`update public.data_requests set state = 'withdrawn' where id = $1`, [withdrawnRequest]);
    const keep = await admin.patch(`/api/admin/data-requests/${keptRequest}`, { state: 'refused', resolution: 'Open legal claim: we must keep the file' });
    expect(keep.status, keep.text).toBe(200);
    // An exemption from the time-based rules does not stop a candidate's own request.
    expect((await admin.post('/api/admin/retention-exemptions', { candidateId: exempted.id, reason: 'Keep for the pool' })).status).toBe(201);

    const page = await preview();
    expect(itemOf(page, waiting.id)).toMatchObject({ rule: { kind: 'erasure_requested', months: null }, dataRequestId: waitingRequest });
    expect(itemOf(page, withdrew.id)).toBeUndefined();
    expect(itemOf(page, kept.id)).toBeUndefined();

    await eraseDueCandidates(app.pools.app);
    expect(await exists(asked.id)).toBe(false);
    expect(await exists(exempted.id)).toBe(false);
    expect(await exists(withdrew.id)).toBe(true);
    expect(await exists(kept.id)).toBe(true);
    expect(await exists(waiting.id)).toBe(true);
    expect(await erasures(asked.id)).toEqual([{ details: expect.objectContaining({ reason: expect.stringMatching(/^Erasure requested by the candidate \(data request [\d, ]+\)$/) }) }]);
    const [done] = await sql<{ state: string; candidate_id: number | null; handled_at: Date | null }>(
      'select state, candidate_id, handled_at from public.data_requests where id = $1', [askedRequest]);
    expect(done).toMatchObject({ state: 'done', candidate_id: null, handled_at: expect.any(Date) });
  });
});

describe("the dashboard's card", () => {
  it('counts requests due this week, overdue ones, and people erased in the next 7 days', async () => {
    await useRules([{ kind: 'inactive', months: 24, graceDays: 3 }]);
    const before = (await admin.get('/api/admin/data-rights-summary')).json;
    const { id: candidate } = await personFrom(`${monthsAgo(25)}-01 12:00`, { consented: true });
    await sql(`insert into public.data_requests (candidate_id, kind, source, received_at, due_at) values
               ($1, 'access', 'email', now() - interval '40 days', now() - interval '9 days'),
               ($1, 'correction', 'phone', now() - interval '27 days', now() + interval '3 days')`, [candidate]);
    const after = (await admin.get('/api/admin/data-rights-summary')).json;
    expect(after).toEqual({
      requestsDueThisWeek: before.requestsDueThisWeek + 1,
      requestsOverdue: before.requestsOverdue + 1,
      erasuresNext7Days: before.erasuresNext7Days + 1,
      erasuresCountedAt: expect.any(String),
    });
  });

  it('keeps its erasure count up to an hour, and counts again at once when rules, exemptions, requests or candidates go', async () => {
    await useRules([{ kind: 'inactive', months: 24, graceDays: 3 }]);
    const summary = async () => (await admin.get('/api/admin/data-rights-summary')).json as DataRightsSummary;
    const first = await summary();
    // Someone past the rule who was written in after the count (people's activity is not watched): the count stands.
    const late = await personFrom(`${monthsAgo(25)}-01 12:00`);
    expect(await summary()).toEqual(first);
    // An hour on, it is counted again.
    await sql(`update private.retention_due_counts set counted_at = counted_at - interval '61 minutes'`);
    const hourLater = await summary();
    expect(hourLater.erasuresNext7Days).toBe(first.erasuresNext7Days + 1);
    expect(Date.parse(hourLater.erasuresCountedAt)).toBeGreaterThan(Date.parse(first.erasuresCountedAt));
    // An exemption, a rule's change and a deleted candidate count again at once.
    const exempted = await admin.post('/api/admin/retention-exemptions', { candidateId: late.id, reason: 'Legal hold until the case ends' });
    expect(exempted.status, exempted.text).toBe(201);
    expect((await summary()).erasuresNext7Days).toBe(first.erasuresNext7Days);
    const another = await personFrom(`${monthsAgo(26)}-01 12:00`);
    await useRules([{ kind: 'inactive', months: 24, graceDays: 3 }]);
    expect((await summary()).erasuresNext7Days).toBe(first.erasuresNext7Days + 1);
    await sql('delete from public.candidates where id = $1', [another.id]);
    expect((await summary()).erasuresNext7Days).toBe(first.erasuresNext7Days);
  });
});

/** The organisation zone's UTC offset on `day`, as "+01:00". */
function offsetOf(day: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${day}T12:00:00Z`));
  const name = parts.find((part) => part.type === 'timeZoneName')!.value; // "GMT+01:00" or "GMT"
  return name === 'GMT' ? '+00:00' : name.slice(3);
}
