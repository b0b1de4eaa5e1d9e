// Merging duplicate candidates (issue 30): POST /api/candidates/{id}/merge keeps one candidate with
// both histories, the most restrictive consent (the ledger says why), one sequence position per
// campaign (no step goes twice), an audit entry and a 301 from the merged id; every table that
// references a candidate is handled (found in the catalogue, so a table added later cannot be forgotten).
// Also the likely pairs: listed, dismissed, refreshed on request and after an import by the worker's job.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { LONGEST_DAY_SLACK } from '../support/constants.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { unsubscribe } from '#domain/consent/unsubscribe.server.ts';
import { until } from '../support/until.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

let app: TestAppWithWorker;
let recruiter: TestClient;
const launched: number[] = [];

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.130.0.1' });
  await signInRecruiter(recruiter);
});
afterEach(async () => {
  await app.pools.owner.query(`update public.campaigns set status = 'cancelled' where id = any($1) and status in ('sending', 'paused')`, [launched]);
});
afterAll(async () => { await app?.close(); });

const DAY = 86_400_000;

async function person(fields: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return newCandidate(recruiter, { name: `Merge Person ${tag}`, email: `merge-${tag}@example.org`, ...fields });
}

async function merge(keptId: number, otherId: number, fields?: Record<string, string>) {
  const merged = await recruiter.post(`/api/candidates/${keptId}/merge`, { otherId, ...(fields ? { fields } : {}) });
  expect(merged.status, merged.text).toBe(200);
  return merged.json;
}

async function sendEmail(candidateId: number, subject: string) {
  const sent = await recruiter.post(`/api/candidates/${candidateId}/messages`, { subject, content: 'Hello', channel: 'email' });
  expect(sent.status, sent.text).toBe(201);
  return sent.json.message.id as number;
}

/** The candidate opts out of email themselves, through their unsubscribe link. */
async function optOut(candidateId: number) {
  const messageId = await sendEmail(candidateId, 'A role');
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1', [messageId]);
  expect(await unsubscribe(app.pools.app, rows[0].reply_token)).toMatchObject({ status: 'unsubscribed' });
}

describe('POST /api/candidates/{id}/merge', () => {
  it('keeps one candidate with both histories, pools once, the chosen fields, an audit entry and a 301 from the merged id', async () => {
    const tag = uniqueTag();
    const anna = await person({ name: 'Anna de Vries', email: `anna-${tag}@example.org`, location: 'Utrecht', skillTags: ['go'] });
    const copy = await person({ name: 'Anna de Vries', email: `anna-${tag}+cv@example.org`, location: 'Amsterdam', skillTags: ['sql'], notes: 'Met at a meetup' });
    const shared = await newPool(recruiter, [anna.id, copy.id]);
    const own = await newPool(recruiter, [copy.id]);
    await sendEmail(anna.id, 'First hello');
    await sendEmail(copy.id, 'Second hello');

    const kept = await merge(anna.id, copy.id, { location: 'other' });
    expect(kept).toMatchObject({ id: anna.id, name: 'Anna de Vries', email: `anna-${tag}@example.org`, location: 'Amsterdam', skillTags: ['go', 'sql'] });
    expect(kept.messages.map((m: { subject: string }) => m.subject).sort()).toEqual(['First hello', 'Second hello']);
    expect(kept.pools.map((p: { id: number }) => p.id).sort()).toEqual([shared.id, own.id].sort());
    expect(kept.notes).toContain(`anna-${tag}+cv@example.org`);
    expect(kept.notes).toContain('Met at a meetup');
    expect((await recruiter.get(`/api/talent-pools/${shared.id}`)).json.candidateCount).toBe(1);

    const old = await recruiter.get(`/api/candidates/${copy.id}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/api/candidates/${anna.id}`);
    const { rows: audit } = await app.pools.owner.query(
      `select a.details, p.username::text as actor from public.audit_log a join public.profiles p on p.id = a.actor_id
        where a.action = 'candidate.merge' and a.entity_id = $1`, [String(anna.id)]);
    expect(audit).toEqual([expect.objectContaining({ actor: 'recruiter', details: expect.objectContaining({ keptId: anna.id, mergedId: copy.id }) })]);
  });

  it('never re-enables a withdrawn consent, whichever is kept, and the ledger says why', async () => {
    // The copy opted out itself: the kept one is opted out too, and a recruiter cannot grant it again.
    const keptOne = await person();
    const optedOut = await person();
    await optOut(optedOut.id);
    const merged = await merge(keptOne.id, optedOut.id);
    expect(merged).toMatchObject({ allowsEmail: false, unsubscribedAt: expect.any(String) });
    expect(merged.contactBlockers.email).toContain('opted_out');
    expect(merged.consentHistory[0]).toMatchObject({ channel: 'email', granted: false, source: 'system',
      wording: expect.stringMatching(new RegExp(`^Merged with candidate ${optedOut.id} \\(.+\\), who opted out of email on .+: email consent withdrawn$`)) });
    const regrant = await recruiter.patch(`/api/candidates/${keptOne.id}`, { allowsEmail: true, consentWording: 'Said yes on the phone' });
    expect(regrant.status).toBe(409);

    // The other way round: the one that opted out is kept, and stays opted out.
    const stays = await person();
    const consented = await person();
    await optOut(stays.id);
    expect(await merge(stays.id, consented.id)).toMatchObject({ allowsEmail: false, unsubscribedAt: expect.any(String) });

    // A recruiter's withdrawal is carried over as well.
    const allowed = await person();
    const withdrawn = await person();
    expect((await recruiter.patch(`/api/candidates/${withdrawn.id}`, { allowsEmail: false })).status).toBe(200);
    const after = await merge(allowed.id, withdrawn.id);
    expect(after.allowsEmail).toBe(false);
    expect(after.consentHistory[0].wording).toMatch(/whose email consent was withdrawn on/);
  });

  it('keeps one sequence position per campaign: the one further along moves on, and no step is sent twice', async () => {
    const [kept, copy] = [await person(), await person()];
    const pool = await newPool(recruiter, [kept.id, copy.id]);
    const created = await recruiter.post('/api/campaigns', {
      name: `Merge sequence ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'A role for you', emailContent: 'Hi {{firstName}}, interested?', scheduledAt: new Date(Date.now() - 1000).toISOString(),
      steps: [{ delayDays: 2, content: 'Following up.' }, { delayDays: 2, content: 'One last time.' }],
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = created.json.campaign.id as number;
    launched.push(campaignId);
    const steps = async () => (await app.pools.owner.query<{ candidate: number; step: number | null; status: string }>(
      `select candidate_id::int as candidate, campaign_step as step, status from public.messages
        where campaign_id = $1 and direction = 'out' order by id`, [campaignId])).rows;
    await until(steps, (rows) => rows.length === 2 && rows.every((m) => m.status === 'sent'));

    // The copy is a step further: the kept one's first email went out later, so its follow-up is not due yet.
    await app.pools.owner.query(`update public.messages set sent_at = now() + interval '1 day' where campaign_id = $1 and candidate_id = $2`, [campaignId, kept.id]);
    await runSteps(new Date(Date.now() + 2 * DAY + LONGEST_DAY_SLACK + 60_000));
    await until(steps, (rows) => rows.some((m) => m.candidate === copy.id && m.step === 2 && m.status === 'sent'));
    expect((await steps()).filter((m) => m.step === 2)).toHaveLength(1);

    await merge(kept.id, copy.id);
    const recipients = await recruiter.get(`/api/campaigns/${campaignId}/recipients`);
    expect(recipients.json.recipients.map((r: { candidate: { id: number }; currentStep: number }) => [r.candidate.id, r.currentStep])).toEqual([[kept.id, 2]]);

    // Later runs write step 3 once for the kept candidate, and step 2 never again.
    await runSteps(new Date(Date.now() + 5 * DAY));
    await runSteps(new Date(Date.now() + 5 * DAY + LONGEST_DAY_SLACK + 60_000));
    await until(steps, (rows) => rows.some((m) => m.step === 3 && m.status === 'sent'));
    const final = await steps();
    expect(final.every((m) => m.candidate === kept.id)).toBe(true);
    const numbered = final.filter((m) => m.step !== null).map((m) => m.step).sort();
    expect(numbered).toEqual([1, 2, 3]);
    expect(final.filter((m) => m.step === null)).toEqual([{ candidate: kept.id, step: null, status: 'sent' }]);
  });

  it('refuses the anonymous, a candidate merged with itself and one that does not exist, naming the field', async () => {
    const [a, b] = [await person(), await person()];
    const anonymous = app.client({ ip: '10.130.0.9' });
    expect((await anonymous.post(`/api/candidates/${a.id}/merge`, { otherId: b.id })).status).toBe(401);
    expect((await recruiter.post(`/api/candidates/${a.id}/merge`, { otherId: a.id })).json).toMatchObject({ field: 'otherId' });
    expect((await recruiter.post(`/api/candidates/${a.id}/merge`, { otherId: 999_999_999 })).json).toMatchObject({ field: 'otherId', code: 'candidate_not_found' });
    expect((await recruiter.post(`/api/candidates/${a.id}/merge`, { otherId: b.id, fields: { email: 'both' } })).status).toBe(400);
    // Under the database's own rules: no role but a member's (or the worker's) may run it.
    const client = await app.pools.app.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', 'anon', true)`);
      await expect(client.query('select public.merge_candidates($1, $2)', [a.id, b.id])).rejects.toThrow(/permission denied/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

/** Runs the campaign-steps job with `now` as its clock, to its end (as tests/api/sequences.test.ts does). */
async function runSteps(now: Date) {
  const id = randomUUID();
  await app.worker.jobs.send(QUEUES.campaignSteps, [{ data: { now: now.toISOString() }, id }]);
  const [job] = await until(() => app.worker.boss.findJobs(QUEUES.campaignSteps, { id }), ([found]) => found?.state === 'completed' || found?.state === 'failed');
  expect(job.state).toBe('completed');
}

describe('every table that references a candidate', () => {
  /** The foreign keys to public.candidates, from the catalogue. */
  async function referencing() {
    const { rows } = await app.pools.owner.query<{ tbl: string; col: string }>(
      `select c.conrelid::regclass::text as tbl, a.attname as col
         from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'public.candidates'::regclass order by 1, 2`);
    return rows.map((row) => ({ table: row.tbl.includes('.') ? row.tbl : `public.${row.tbl}`, column: row.col }));
  }

  it('is named in merge_candidates()', async () => {
    const { rows: [{ body }] } = await app.pools.owner.query<{ body: string }>(`select prosrc as body from pg_proc where proname = 'merge_candidates'`);
    for (const { table } of await referencing()) expect(body, `${table} is not handled by merge_candidates()`).toContain(table);
  });

  it('ends on the kept candidate: a row of each for the merged one is moved, none lost', async () => {
    const [kept, other, third] = [await person(), await person(), await person()];
    const owner = app.pools.owner;
    const { rows: [{ recruiterId }] } = await owner.query<{ recruiterId: string }>(`select id as "recruiterId" from public.profiles where username = 'recruiter'`);
    // One row in every table for the merged candidate (the API where it can, the owner for the rest).
    await newPool(recruiter, [other.id]);
    const messageId = await sendEmail(other.id, 'Moves along');
    const link = await owner.query<{ id: number }>('insert into public.booking_links (recruiter_id, candidate_id) values ($1, $2) returning id::int', [recruiterId, other.id]);
    await owner.query(`insert into public.meetings (recruiter_id, candidate_id, booking_link_id, title, starts_at, ends_at)
                       values ($1, $2, $3, 'Intro', now() + interval '30 days', now() + interval '30 days 30 minutes')`, [recruiterId, other.id, link.rows[0].id]);
    await owner.query(`insert into public.engagement_events (candidate_id, message_id, kind) values ($1, $2, 'open')`, [other.id, messageId]);
    await owner.query(`insert into public.whatsapp_events (dedupe_key, kind, wamid, candidate_id, outcome, payload)
                       values ($1, 'message', $1, $2, 'stored', '{}')`, [`merge-${uniqueTag()}`, other.id]);
    await owner.query(`insert into public.data_requests (candidate_id, kind, source) values ($1, 'access', 'email')`, [other.id]);
    await owner.query(`insert into public.retention_exemptions (candidate_id, reason) values ($1, 'Hired in 2026')`, [other.id]);
    await owner.query(`insert into public.candidate_duplicates (low_id, high_id, reason) values ($1, $2, 'email'), ($3, $4, 'phone')`,
      [Math.min(kept.id, other.id), Math.max(kept.id, other.id), Math.min(third.id, other.id), Math.max(third.id, other.id)]);
    const older = await person();
    await merge(other.id, older.id); // a redirect that points at the merged candidate
    const { rows: campaign } = await owner.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status) values ('Merge catalogue', 'quick', 'sent') returning id::int`);
    await owner.query('insert into public.campaign_recipients (campaign_id, candidate_id, status) values ($1, $2, $3)', [campaign[0].id, other.id, 'sent']);

    await owner.query('insert into private.engagement_pending (candidate_id) values ($1) on conflict do nothing', [other.id]);
    const tables = await referencing();
    const count = async (table: string, column: string, id: number) =>
      Number((await owner.query(`select count(*) from ${table} where ${column} = $1`, [id])).rows[0].count);
    const before = new Map<string, number>();
    for (const { table, column } of tables) {
      const rows = await count(table, column, other.id);
      // The score job may empty its queue of pending candidates at any moment.
      if (table !== 'private.engagement_pending') {
        expect(rows, `no row of ${table} references the merged candidate: add one here, and handle it in merge_candidates()`).toBeGreaterThan(0);
      }
      before.set(`${table}.${column}`, rows + await count(table, column, kept.id));
    }
    await merge(kept.id, other.id);
    for (const { table, column } of tables) {
      expect(await count(table, column, other.id), `${table}.${column} still names the merged candidate`).toBe(0);
      const now = await count(table, column, kept.id);
      // Not counted: the pairs (the two's own pair is resolved; checked below), the score's queue, and the
      // redirects, which gain the merged id.
      if (table === 'public.candidate_redirects') expect(now).toBe(before.get(`${table}.${column}`)! + 1);
      else if (table !== 'public.candidate_duplicates' && table !== 'private.engagement_pending') expect(now, `${table}.${column}`).toBe(before.get(`${table}.${column}`));
    }
    const pairs = await owner.query('select 1 from public.candidate_duplicates where low_id = $1 and high_id = $2', [Math.min(kept.id, third.id), Math.max(kept.id, third.id)]);
    expect(pairs.rowCount, 'the merged one\'s pair with a third candidate is the kept one\'s now').toBe(1);
  });
});

describe('likely duplicates', () => {
  async function refreshNow() {
    const asked = await recruiter.post('/api/candidates/duplicates/refresh', {});
    expect(asked.status, asked.text).toBe(202);
    return until(() => recruiter.get('/api/candidates/duplicates?limit=100').then((r) => r.json), (list) => !list.refresh.pending);
  }

  it('lists a pair with its reason, both candidates and the consent a merge leaves; "Not the same person" dismisses it', async () => {
    const tag = uniqueTag();
    const digits = String(Date.now()).slice(-8);
    const a = await person({ name: 'Bram Jansen', email: `bram-${tag}@example.org`, phone: `+31 6 ${digits}` });
    const b = await person({ name: 'Bram J.', email: `bram.j-${tag}@example.net`, phone: `06-${digits}`, allowsEmail: false });
    const again = await recruiter.post('/api/candidates/duplicates/refresh', {});
    expect(again.status).toBe(202);
    await refreshNow();
    // Asked by candidate: a first refresh finds the demo data's pairs too, at the same moment, and the list's
    // first page need not reach these two.
    const found = await recruiter.get(`/api/candidates/duplicates?candidateId=${a.id}`);
    const pair = found.json.pairs.find((p: { lowId: number; highId: number }) => p.lowId === a.id && p.highId === b.id);
    expect(pair).toMatchObject({ reason: 'phone', candidates: [{ id: a.id, name: 'Bram Jansen', messages: 0 }, { id: b.id, name: 'Bram J.' }],
      consent: { email: { state: 'none', candidateId: b.id } } });
    const flagged = await recruiter.get(`/api/candidates?q=${encodeURIComponent(`bram-${tag}@example.org`)}`);
    expect(flagged.json).toEqual([expect.objectContaining({ id: a.id, possibleDuplicate: true })]);
    const mine = await recruiter.get(`/api/candidates/duplicates?candidateId=${b.id}`);
    expect(mine.json.pairs.map((p: { lowId: number }) => p.lowId)).toEqual([a.id]);

    expect((await recruiter.post('/api/candidates/duplicates/dismiss', { lowId: b.id, highId: a.id })).json).toMatchObject({ field: 'highId' });
    expect((await recruiter.post('/api/candidates/duplicates/dismiss', { lowId: a.id, highId: 999_999_999 })).status).toBe(404);
    expect((await recruiter.post('/api/candidates/duplicates/dismiss', { lowId: a.id, highId: b.id })).status).toBe(200);
    expect((await recruiter.post('/api/candidates/duplicates/dismiss', { lowId: a.id, highId: b.id })).status).toBe(200);
    expect((await recruiter.get(`/api/candidates/duplicates?candidateId=${b.id}`)).json.pairs).toEqual([]);
    expect((await recruiter.get(`/api/candidates/${a.id}`)).json.possibleDuplicate).toBe(false);
    // It stays dismissed through the next refresh.
    await refreshNow();
    expect((await recruiter.get(`/api/candidates/duplicates?candidateId=${b.id}`)).json.pairs).toEqual([]);
  });

  it('are looked for again by the worker soon after an import writes people', async () => {
    const tag = uniqueTag();
    const onFile = await person({ name: 'Carla Oosterhuis', location: `Plaats ${tag}` });
    const created = await recruiter.post('/api/imports', { emailConsent: 'none', duplicates: 'skip', mapping: { name: 0, location: 1 }, fileName: 'again.csv' });
    expect(created.status, created.text).toBe(201);
    const upload = await recruiter.send('PUT', `/api/imports/${created.json.id}/file`,
      { body: `name,location\nCarla Oostrehuis,Plaats ${tag}\n`, headers: { 'content-type': 'text/csv' } });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 1 });
    const list = await until(() => recruiter.get(`/api/candidates/duplicates?candidateId=${onFile.id}`).then((r) => r.json),
      (found) => found.pairs.length === 1, 30_000);
    expect(list.pairs[0]).toMatchObject({ reason: 'name_place', candidates: [{ id: onFile.id }, { name: 'Carla Oostrehuis' }] });
  });
});
