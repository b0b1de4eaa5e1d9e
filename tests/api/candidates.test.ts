// The people API on the demo data (5 pools, 200 candidates): list filters,
// sorting and paging, validation, create/edit with the consent ledger, detail,
// delete, CSV export and row-level security.
import { canContact } from '#domain/consent/eligibility.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#domain/db/request.ts';
import { listCandidates } from '#domain/candidates/candidates.ts';
import { candidateListQuerySchema } from '#domain/candidates/schemas.ts';
import { parseCsv } from '#domain/imports/csv.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let recruiter: TestClient;
let recruiterId: string;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.20.0.1' });
  await signInRecruiter(recruiter);
  recruiterId = (await app.pools.owner.query(`select id from public.profiles where username = 'recruiter'`)).rows[0].id;
});
afterAll(async () => { await app?.close(); });

const CANDIDATE_KEYS = ['id', 'name', 'email', 'phone', 'whatsappNumber', 'allowsEmail', 'allowsWhatsapp', 'talentPoolId',
  'talentPoolIds', 'preferredContactMethod', 'jobFunction', 'skillTags', 'seniorityLevel', 'location', 'preferredRole',
  'leadScore', 'engagementScore', 'unsubscribedAt', 'whatsappOptedOutAt', 'notes', 'createdAt', 'updatedAt'].sort();

async function all(query = '') {
  const response = await recruiter.get(`/api/candidates?limit=10000${query}`);
  expect(response.status).toBe(200);
  return response.json as Array<Record<string, any>>;
}

describe('GET /api/candidates', () => {
  it('is closed to signed-out visitors', async () => {
    expect((await app.client().get('/api/candidates')).status).toBe(401);
  });

  it('answers a plain array of 50 by name, with the total in X-Total-Count', async () => {
    const response = await recruiter.get('/api/candidates');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    expect(response.json).toHaveLength(50);
    expect(response.headers.get('x-total-count')).toBe('200');
    expect(Object.keys(response.json[0]).sort()).toEqual(CANDIDATE_KEYS);
    const names = response.json.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers limit=10000 (the compose dialog) with every candidate and the spec fields', async () => {
    const list = await all();
    expect(list).toHaveLength(200);
    const pooled = list.find((c) => c.talentPoolIds.length > 1)!;
    expect(pooled.talentPoolId).toBe(pooled.talentPoolIds[0]);
    expect(list.find((c) => c.talentPoolIds.length === 0)?.talentPoolId ?? null).toBeNull();
    expect(typeof list[0].id).toBe('number');
    expect(list[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?\+00:00$/);
    expect(new Date(list[0].createdAt).toISOString().slice(0, 4)).toMatch(/^\d{4}$/);
  });

  it('answers only the fields asked for', async () => {
    const response = await recruiter.get('/api/candidates?limit=10000&fields=id,name,email,allowsEmail,talentPoolId');
    expect(response.json).toHaveLength(200);
    expect(Object.keys(response.json[0])).toEqual(['id', 'name', 'email', 'allowsEmail', 'talentPoolId']);
    const bad = await recruiter.get('/api/candidates?fields=id,salary');
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('fields.1');
  });

  it('pages by offset and by cursor to the same sequence, in every sort order', async () => {
    for (const [sort, dir] of [['name', 'asc'], ['leadScore', 'desc'], ['createdAt', 'desc'], ['location', 'asc'], ['location', 'desc']]) {
      const whole = (await all(`&sort=${sort}&dir=${dir}`)).map((c) => c.id);
      const byOffset: number[] = [];
      for (let offset = 0; offset < 200; offset += 70) {
        const page = await recruiter.get(`/api/candidates?limit=70&offset=${offset}&sort=${sort}&dir=${dir}`);
        byOffset.push(...page.json.map((c: { id: number }) => c.id));
      }
      expect(byOffset).toEqual(whole);
      const byCursor: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<TestClient['get']>> = await recruiter.get(
          `/api/candidates?limit=70&sort=${sort}&dir=${dir}${cursor ? `&cursor=${cursor}` : ''}`);
        byCursor.push(...page.json.map((c: { id: number }) => c.id));
        cursor = page.headers.get('x-next-cursor');
      } while (cursor);
      expect(byCursor).toEqual(whole);
    }
  });

  it('filters by pool, skill, seniority, location, consent and engagement, and combines them', async () => {
    const list = await all();
    const pools = (await recruiter.get('/api/talent-pools')).json;
    const pool = pools[0];
    const inPool = await all(`&talentPoolId=${pool.id}`);
    expect(inPool).toHaveLength(pool.candidateCount);
    expect(inPool.every((c) => c.talentPoolIds.includes(pool.id))).toBe(true);

    const react = await all('&skill=React');
    expect(react.length).toBe(list.filter((c) => c.skillTags.includes('react')).length);
    expect(react.length).toBeGreaterThan(0);

    const seniors = await all('&seniority=senior');
    expect(seniors.length).toBe(list.filter((c) => c.seniorityLevel === 'senior').length);

    const utrecht = await all('&location=utrecht');
    expect(utrecht.length).toBe(list.filter((c) => c.location === 'Utrecht').length);

    const email = await all('&consent=email');
    // "consent=email": can be emailed now, by the one eligibility rule (an address, consent, not opted out).
    expect(email.length).toBe(list.filter((c) => canContact(c, 'email')).length);
    const whatsapp = await all('&consent=whatsapp');
    expect(whatsapp.every((c) => c.allowsWhatsapp)).toBe(true);
    // The demo data has nobody without any consent: add one.
    const refused = (await recruiter.post('/api/candidates', { name: 'No Consent', allowsEmail: false, allowsWhatsapp: false })).json;
    const none = await all('&consent=none');
    expect(none.map((c) => c.id)).toContain(refused.id);
    expect(none.every((c) => !c.allowsWhatsapp && !c.allowsEmail)).toBe(true);

    await app.pools.owner.query('update public.candidates set engagement_score = 90 where id = $1', [list[3].id]);
    const engaged = await all('&minEngagement=80');
    expect(engaged.map((c) => c.id)).toEqual([list[3].id]);

    const combined = await recruiter.get(`/api/candidates?talentPoolId=${pool.id}&seniority=senior&consent=email&limit=5`);
    const expected = inPool.filter((c) => c.seniorityLevel === 'senior' && canContact(c, 'email'));
    expect(combined.headers.get('x-total-count')).toBe(String(expected.length));
  });

  it('filters by free text, without regard to case or accents', async () => {
    const muller = await all('&q=MULLER');
    expect(muller.length).toBeGreaterThan(0);
    expect(muller.every((c) => c.name.includes('Müller'))).toBe(true);
    const twoWords = await all('&q=' + encodeURIComponent('müller amsterdam'));
    expect(twoWords.every((c) => c.name.includes('Müller') && c.location === 'Amsterdam')).toBe(true);
    expect((await all('&q=zzqqxx'))).toEqual([]);
  });

  it('refuses bad query parameters, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'], ['limit=10001', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'],
      ['sort=salary', 'sort'], ['dir=up', 'dir'], ['consent=maybe', 'consent'], ['seniority=guru', 'seniority'],
      ['talentPoolId=abc', 'talentPoolId'], ['minEngagement=101', 'minEngagement'],
    ];
    for (const [query, field] of cases) {
      const response = await recruiter.get(`/api/candidates?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.field, query).toBe(field);
      expect(response.json.error).toEqual(expect.any(String));
    }
    const cursor = await recruiter.get('/api/candidates?cursor=not-a-cursor');
    expect(cursor.status).toBe(422);
    expect(cursor.json.field).toBe('cursor');
  });
});

describe('create, edit and delete', () => {
  it('names the field of invalid input', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{}, 'name', 'name is required'],
      [{ name: '   ' }, 'name'],
      [{ name: 'Eva', email: 'not-an-email' }, 'email', 'email must be a valid email address'],
      [{ name: 'Eva', phone: 'call me' }, 'phone'],
      [{ name: 'Eva', whatsappNumber: '12' }, 'whatsappNumber'],
      [{ name: 'Eva', seniorityLevel: 'guru' }, 'seniorityLevel'],
      [{ name: 'Eva', leadScore: 101 }, 'leadScore'],
      [{ name: 'Eva', allowsEmail: 'yes' }, 'allowsEmail'],
      [{ name: 'Eva', skillTags: 'go' }, 'skillTags'],
    ];
    for (const [body, field, message] of cases) {
      const response = await recruiter.post('/api/candidates', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.field).toBe(field);
      if (message) expect(response.json.error).toBe(message);
    }
    const badJson = await recruiter.post('/api/candidates', '{name');
    expect(badJson.json).toEqual({ error: 'body must be valid JSON', field: 'body' });
  });

  it('creates a candidate with consent in the ledger and pools, and refuses a duplicate email', async () => {
    const pools = (await recruiter.get('/api/talent-pools')).json;
    const created = await recruiter.post('/api/candidates', {
      name: '  Eva van der Meer-Achterberg ', email: 'Eva.Achterberg@Example.org', phone: '+31 6 1234 5678',
      allowsEmail: true, allowsWhatsapp: false, skillTags: ['Go', 'Kubernetes', 'go'], seniorityLevel: 'senior',
      location: 'Delft', talentPoolIds: [pools[2].id, pools[0].id], leadScore: 70,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Eva van der Meer-Achterberg', email: 'eva.achterberg@example.org', skillTags: ['go', 'kubernetes'],
      allowsEmail: true, allowsWhatsapp: false, talentPoolId: pools[2].id, talentPoolIds: [pools[2].id, pools[0].id],
      pools: [{ id: pools[2].id, name: pools[2].name }, { id: pools[0].id, name: pools[0].name }],
      engagement: { opens: 0, clicks: 0, replies: 0, score: 0 }, messages: [],
    });
    expect(created.json.consentHistory).toHaveLength(2);
    expect(created.json.consentHistory.every((e: any) => e.source === 'recruiter' && e.createdBy === recruiterId)).toBe(true);

    const duplicate = await recruiter.post('/api/candidates', { name: 'Someone Else', email: 'eva.achterberg@example.org' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.field).toBe('email');

    const badPool = await recruiter.post('/api/candidates', { name: 'Pool Less', talentPoolIds: [999999] });
    expect(badPool.status).toBe(422);
    expect(badPool.json.field).toBe('talentPoolIds');
  });

  it('edits fields, writes consent changes to the ledger (source recruiter) and only real changes', async () => {
    const created = (await recruiter.post('/api/candidates', { name: 'Consent Test', email: 'consent@example.org' })).json;
    expect(created).toMatchObject({ allowsEmail: true, allowsWhatsapp: false });

    const changed = await recruiter.patch(`/api/candidates/${created.id}`, {
      allowsEmail: false, location: 'Gent', consentWording: 'Asked by phone not to be emailed',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ allowsEmail: false, location: 'Gent', name: 'Consent Test' });
    expect(changed.json.consentHistory[0]).toMatchObject({
      channel: 'email', granted: false, source: 'recruiter', wording: 'Asked by phone not to be emailed', createdBy: recruiterId,
    });
    expect(changed.json.consentHistory).toHaveLength(3);

    const same = await recruiter.patch(`/api/candidates/${created.id}`, {
      allowsEmail: false, allowsWhatsapp: true, consentWording: 'Said yes to WhatsApp on the phone on 3 Nov' });
    expect(same.json.consentHistory).toHaveLength(4);
    expect(same.json).toMatchObject({ allowsEmail: false, allowsWhatsapp: true });

    const cleared = await recruiter.patch(`/api/candidates/${created.id}`, { location: '' });
    expect(cleared.json.location).toBeNull();

    expect((await recruiter.patch(`/api/candidates/${created.id}`, {})).json).toEqual({ error: 'nothing to update', field: 'body' });
    expect((await recruiter.patch(`/api/candidates/${created.id}`, { email: 'x' })).json.field).toBe('email');
    const missing = await recruiter.patch('/api/candidates/987654', { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.json.field).toBe('id');
  });

  it('shows the detail: pools, consent history, messages so far and engagement', async () => {
    const [first] = await all();
    await app.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, subject, content, sentiment, status)
       values ($1, 'in', 'email', 'Re: hello', 'Sounds good', 'positive', 'received')`, [first.id]);
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, kind) values ($1, 'open'), ($1, 'open'), ($1, 'click')`, [first.id]);
    const detail = await recruiter.get(`/api/candidates/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ id: first.id, name: first.name, engagement: { opens: 2, clicks: 1, replies: 0 } });
    expect(detail.json.messages[0]).toMatchObject({ subject: 'Re: hello', direction: 'in', channel: 'email', sentiment: 'positive', status: 'received' });
    expect(detail.json.consentHistory.map((e: any) => e.source)).toContain('seed');
    expect(detail.json.pools.map((p: any) => p.id)).toEqual(first.talentPoolIds);

    expect((await recruiter.get('/api/candidates/424242')).status).toBe(404);
    expect((await recruiter.get('/api/candidates/abc')).json).toMatchObject({ field: 'id' });
  });

  it('deletes one candidate, or many at once', async () => {
    const ids: number[] = [];
    for (const name of ['Delete One', 'Delete Two', 'Delete Three']) ids.push((await recruiter.post('/api/candidates', { name })).json.id);
    expect((await recruiter.delete(`/api/candidates/${ids[0]}`)).json).toEqual({ success: true });
    expect((await recruiter.get(`/api/candidates/${ids[0]}`)).status).toBe(404);
    expect((await recruiter.delete(`/api/candidates/${ids[0]}`)).status).toBe(404);

    const bulk = await recruiter.post('/api/candidates/bulk-delete', { candidateIds: [ids[1], ids[2], 999999] });
    expect(bulk.json).toEqual({ deleted: 2 });
    expect((await recruiter.post('/api/candidates/bulk-delete', { candidateIds: [] })).json.field).toBe('candidateIds');
  });
});

describe('GET /api/candidates/export.csv', () => {
  it('streams the filtered list as CSV that opens in Excel', async () => {
    const seniors = await all('&seniority=senior&sort=leadScore&dir=desc');
    const response = await recruiter.get('/api/candidates/export.csv?seniority=senior&sort=leadScore&dir=desc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="candidates-\d{4}-\d\d-\d\d\.csv"/);
    const { records } = parseCsv(response.text);
    expect(records[0].fields.slice(0, 3)).toEqual(['id', 'name', 'email']);
    expect(records.slice(1).map((r) => Number(r.fields[0]))).toEqual(seniors.map((c) => c.id));
    const müller = records.find((r) => r.fields[1].includes('Müller'));
    expect(müller).toBeDefined();

    const dutch = await recruiter.get('/api/candidates/export.csv?delimiter=semicolon&location=Utrecht');
    expect(parseCsv(dutch.text).delimiter).toBe(';');
    expect((await recruiter.get('/api/candidates/export.csv?sort=bad')).json.field).toBe('sort');
  });

  it('exports more rows than one chunk', async () => {
    await app.pools.owner.query(
      `insert into public.candidates (name, location) select 'Bulk Export ' || g, 'Exportstad' from generate_series(1, 2500) g`);
    const response = await recruiter.get('/api/candidates/export.csv?location=exportstad&sort=createdAt');
    expect(parseCsv(response.text).records).toHaveLength(2501);
  });
});

describe('row-level security', () => {
  it('shows nothing to a banned user, even through the domain code directly', async () => {
    const bannedId = '00000000-0000-4000-8000-0000000000ba';
    await app.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, role, banned) values ($1, 'gone', 'Gone', 'gone@x.nl', 'recruiter', true)`,
      [bannedId]);
    const query = candidateListQuerySchema.parse({ limit: '10000' });
    const asBanned = await withClaims(app.pools.app, { role: 'authenticated', sub: bannedId }, (tx) => listCandidates(tx, query));
    expect(asBanned.rows).toBe(0);
    expect(asBanned.total).toBe(0);
    const asRecruiter = await withClaims(app.pools.app, { role: 'authenticated', sub: recruiterId }, (tx) => listCandidates(tx, query));
    expect(asRecruiter.rows).toBeGreaterThan(200);
    await expect(withClaims(app.pools.app, { role: 'anon' }, (tx) => listCandidates(tx, query))).rejects.toThrow(/permission denied/);
  });
});
