// The people API: list filters, sorting and paging, validation, create/edit
// with the consent ledger, detail, delete, CSV export and row-level security.
// Each test makes its candidates through the API with a tag of its own in
// their names, and reads them back with `q=<tag>`: what the database holds
// besides (the demo data, other tests' rows) does not matter.
import { canContact } from '#domain/consent/eligibility.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { listCandidates } from '#domain/candidates/candidates.server.ts';
import { candidateListQuerySchema, type Candidate, type CandidateDetail, type ConsentEvent } from '#domain/candidates/schemas.ts';
import { parseCsv } from '#domain/imports/csv.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

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
  'leadScore', 'engagementScore', 'unsubscribedAt', 'whatsappOptedOutAt', 'emailConsentExpiresAt', 'notes', 'language', 'createdAt', 'updatedAt',
  'possibleDuplicate'].sort();

async function all(query = '') {
  const response = await recruiter.get(`/api/candidates?limit=10000${query}`);
  expect(response.status).toBe(200);
  return response.json as Candidate[];
}

// Capitalised ASCII words: their order by name is the same in any collation.
const FIRST_NAMES = ['Anouk', 'Bram', 'Carmen', 'Daan', 'Emma', 'Femke', 'Gijs', 'Hanna', 'Ivo', 'Jasmijn', 'Koen', 'Lotte', 'Milan',
  'Noor', 'Olaf', 'Pien', 'Quinten', 'Roos', 'Sem', 'Tess', 'Ugo', 'Vera', 'Wout', 'Xander', 'Yara', 'Zeger'];
const LAST_NAMES = ['Bakker', 'Dekker', 'Jansen', 'Smit', 'Visser', 'Vos'];

/**
 * `count` new candidates whose names end in `tag` (so `q=<tag>` finds exactly them);
 * `fields(i)` (i from 0) adds or overrides fields of the i-th.
 */
function people(tag: string, count: number, fields: (i: number) => Record<string, unknown> = () => ({})) {
  return Promise.all(Array.from({ length: count }, (_, i) => newCandidate(recruiter, {
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]} ${tag}`,
    ...fields(i),
  })));
}
const ids = (list: Array<{ id: number }>): number[] => list.map((c) => c.id);

describe('GET /api/candidates', () => {
  it('is closed to signed-out visitors', async () => {
    expect((await app.client().get('/api/candidates')).status).toBe(401);
  });

  it('answers a plain array of 50 by name, with the total in X-Total-Count', async () => {
    const tag = uniqueTag();
    await people(tag, 60);
    const response = await recruiter.get(`/api/candidates?q=${tag}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    expect(response.json).toHaveLength(50);
    expect(response.headers.get('x-total-count')).toBe('60');
    expect(Object.keys(response.json[0]).sort()).toEqual(CANDIDATE_KEYS);
    const names = response.json.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers limit=10000 (the compose dialog) with every candidate and the spec fields', async () => {
    const tag = uniqueTag();
    const [inTwoPools, inNone] = await people(tag, 2);
    const [first, second] = [await newPool(recruiter), await newPool(recruiter)];
    await recruiter.post(`/api/talent-pools/${first.id}/members`, { candidateIds: [inTwoPools.id] });
    await recruiter.post(`/api/talent-pools/${second.id}/members`, { candidateIds: [inTwoPools.id] });

    const { rows: [{ n }] } = await app.pools.owner.query('select count(*)::int as n from public.candidates');
    expect(await all()).toHaveLength(n);
    const list = await all(`&q=${tag}`);
    expect(list).toHaveLength(2);
    expect(list.find((c) => c.id === inTwoPools.id)).toMatchObject({ talentPoolIds: [first.id, second.id], talentPoolId: first.id });
    expect(list.find((c) => c.id === inNone.id)).toMatchObject({ talentPoolIds: [], talentPoolId: null });
    expect(typeof list[0].id).toBe('number');
    expect(list[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?\+00:00$/);
    expect(new Date(list[0].createdAt).toISOString().slice(0, 4)).toMatch(/^\d{4}$/);
  });

  it('answers only the fields asked for', async () => {
    const tag = uniqueTag();
    await people(tag, 2);
    const response = await recruiter.get(`/api/candidates?q=${tag}&limit=10000&fields=id,name,email,allowsEmail,talentPoolId`);
    expect(response.json).toHaveLength(2);
    expect(Object.keys(response.json[0])).toEqual(['id', 'name', 'email', 'allowsEmail', 'talentPoolId']);
    const bad = await recruiter.get('/api/candidates?fields=id,salary');
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('fields.1');
  });

  it('pages by offset and by cursor to the same sequence, in every sort order', async () => {
    const tag = uniqueTag();
    // Ties in every sort key, and locations left empty, so that the tie-breaks and nulls are paged too.
    await people(tag, 150, (i) => ({ leadScore: (i * 37) % 11, ...(i % 4 ? { location: ['Utrecht', 'Delft', 'Utrecht'][i % 3] } : {}) }));
    for (const [sort, dir] of [['name', 'asc'], ['leadScore', 'desc'], ['createdAt', 'desc'], ['location', 'asc'], ['location', 'desc']]) {
      const whole = ids(await all(`&q=${tag}&sort=${sort}&dir=${dir}`));
      expect(whole).toHaveLength(150);
      const byOffset: number[] = [];
      for (let offset = 0; offset < 150; offset += 70) {
        const page = await recruiter.get(`/api/candidates?q=${tag}&limit=70&offset=${offset}&sort=${sort}&dir=${dir}`);
        expect(page.status, page.text).toBe(200);
        byOffset.push(...ids(page.json));
      }
      expect(byOffset).toEqual(whole);
      const byCursor: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<TestClient['get']>> = await recruiter.get(
          `/api/candidates?q=${tag}&limit=70&sort=${sort}&dir=${dir}${cursor ? `&cursor=${cursor}` : ''}`);
        byCursor.push(...ids(page.json));
        cursor = page.headers.get('x-next-cursor');
      } while (cursor);
      expect(byCursor).toEqual(whole);
    }
  });

  it('filters by pool, skill, seniority, location, consent and engagement, and combines them', async () => {
    const tag = uniqueTag();
    const pool = await newPool(recruiter);
    const made = await people(tag, 12, (i) => ({
      skillTags: i % 3 === 0 ? ['React', 'typescript'] : ['go'],
      seniorityLevel: ['junior', 'senior', 'lead'][i % 3],
      location: i % 4 === 0 ? 'Utrecht' : 'Delft',
      ...(i % 5 === 0 ? { allowsEmail: false } : {}),
      ...(i === 7 ? { email: null } : {}),
      ...(i % 4 === 1 ? { whatsappNumber: '+31 6 12345678', allowsWhatsapp: true } : {}),
      ...(i % 2 === 0 ? { talentPoolIds: [pool.id] } : {}),
    }));
    const list = await all(`&q=${tag}`);
    expect(list).toHaveLength(made.length);

    const inPool = await all(`&talentPoolId=${pool.id}`);
    expect(inPool).toHaveLength((await recruiter.get(`/api/talent-pools/${pool.id}`)).json.candidateCount);
    expect(ids(inPool).sort()).toEqual(ids(made.filter((_, i) => i % 2 === 0)).sort());
    expect(inPool.every((c) => c.talentPoolIds.includes(pool.id))).toBe(true);

    const react = await all(`&q=${tag}&skill=React`);
    expect(react.length).toBe(list.filter((c) => c.skillTags.includes('react')).length);
    expect(react.length).toBeGreaterThan(0);

    const seniors = await all(`&q=${tag}&seniority=senior`);
    expect(seniors.length).toBe(list.filter((c) => c.seniorityLevel === 'senior').length);
    expect(seniors.length).toBeGreaterThan(0);

    const utrecht = await all(`&q=${tag}&location=utrecht`);
    expect(utrecht.length).toBe(list.filter((c) => c.location === 'Utrecht').length);
    expect(utrecht.length).toBeGreaterThan(0);

    const email = await all(`&q=${tag}&consent=email`);
    // "consent=email": can be emailed now, by the one eligibility rule (an address, consent, not opted out).
    expect(email.length).toBe(list.filter((c) => canContact(c, 'email')).length);
    expect(email.length).toBeLessThan(list.length);
    const whatsapp = await all(`&q=${tag}&consent=whatsapp`);
    expect(whatsapp.length).toBeGreaterThan(0);
    expect(whatsapp.every((c) => c.allowsWhatsapp)).toBe(true);
    const refused = await newCandidate(recruiter, { name: `No Consent ${tag}`, allowsEmail: false, allowsWhatsapp: false });
    const none = await all(`&q=${tag}&consent=none`);
    expect(ids(none)).toContain(refused.id);
    // Nobody there can be reached on either channel, by the one eligibility rule (no address counts as no way to email).
    expect(none.every((c) => !canContact(c, 'email') && !canContact(c, 'whatsapp'))).toBe(true);

    await app.pools.owner.query('update public.candidates set engagement_score = 90 where id = $1', [list[3].id]);
    const engaged = await all(`&q=${tag}&minEngagement=80`);
    expect(ids(engaged)).toEqual([list[3].id]);

    const combined = await recruiter.get(`/api/candidates?talentPoolId=${pool.id}&seniority=senior&consent=email&limit=5`);
    const expected = inPool.filter((c) => c.seniorityLevel === 'senior' && canContact(c, 'email'));
    expect(expected.length).toBeGreaterThan(0);
    expect(combined.headers.get('x-total-count')).toBe(String(expected.length));
  });

  it('filters by free text, without regard to case or accents', async () => {
    const tag = uniqueTag();
    const [amsterdam, utrecht] = await Promise.all([
      newCandidate(recruiter, { name: `Zoë Müller ${tag}`, location: 'Amsterdam' }),
      newCandidate(recruiter, { name: `Joël Müller ${tag}`, location: 'Utrecht' }),
      newCandidate(recruiter, { name: `Sanne Visser ${tag}`, location: 'Amsterdam' }),
    ]);
    const muller = await all(`&q=${encodeURIComponent(`MULLER ${tag.toUpperCase()}`)}`);
    expect(ids(muller).sort()).toEqual([amsterdam.id, utrecht.id].sort());
    expect(muller.every((c) => c.name.includes('Müller'))).toBe(true);
    const twoWords = await all('&q=' + encodeURIComponent(`müller amsterdam ${tag}`));
    expect(ids(twoWords)).toEqual([amsterdam.id]);
    expect(twoWords.every((c) => c.name.includes('Müller') && c.location === 'Amsterdam')).toBe(true);
    expect((await all('&q=zzqqxx'))).toEqual([]);
  });

  it('counts the matches on their own (GET /api/candidates/count); a page asked with count=false has no X-Total-Count', async () => {
    const tag = uniqueTag();
    await people(tag, 60, (i) => ({ seniorityLevel: i % 3 === 0 ? 'senior' : 'junior' }));
    expect((await recruiter.get(`/api/candidates/count?q=${tag}`)).json).toEqual({ total: 60 });
    const seniors = await recruiter.get(`/api/candidates/count?q=${tag}&seniority=senior&sort=name&limit=5`);
    expect(seniors.status).toBe(200);
    expect(seniors.json).toEqual({ total: 20 });
    const page = await recruiter.get(`/api/candidates?q=${tag}&count=false`);
    expect(page.json).toHaveLength(50);
    expect(page.headers.get('x-total-count')).toBeNull();
    expect((await recruiter.get(`/api/candidates?q=${tag}&count=true&limit=1`)).headers.get('x-total-count')).toBe('60');
    expect((await app.client().get('/api/candidates/count')).status).toBe(401);
  });

  it('refuses bad query parameters, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'], ['limit=10001', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'],
      ['sort=salary', 'sort'], ['dir=up', 'dir'], ['consent=maybe', 'consent'], ['seniority=guru', 'seniority'],
      ['talentPoolId=abc', 'talentPoolId'], ['minEngagement=101', 'minEngagement'], ['count=maybe', 'count'],
    ];
    for (const [query, field] of cases) {
      const response = await recruiter.get(`/api/candidates?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.field, query).toBe(field);
      expect(response.json.error).toEqual(expect.any(String));
    }
    for (const [query, field] of [['seniority=guru', 'seniority'], ['minEngagement=-1', 'minEngagement'], ['q=' + 'x'.repeat(201), 'q']]) {
      const response = await recruiter.get(`/api/candidates/count?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.field, query).toBe(field);
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
    expect(badJson.json).toEqual({ error: 'body must be valid JSON', code: 'invalid_json', field: 'body' });
  });

  it('creates a candidate with consent in the ledger and pools, and refuses a duplicate email', async () => {
    const pools = [await newPool(recruiter), await newPool(recruiter)];
    const created = await recruiter.post('/api/candidates', {
      name: '  Eva van der Meer-Achterberg ', email: 'Eva.Achterberg@Example.org', phone: '+31 6 1234 5678',
      allowsEmail: true, allowsWhatsapp: false, skillTags: ['Go', 'Kubernetes', 'go'], seniorityLevel: 'senior',
      location: 'Delft', talentPoolIds: [pools[1].id, pools[0].id], leadScore: 70,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Eva van der Meer-Achterberg', email: 'eva.achterberg@example.org', skillTags: ['go', 'kubernetes'],
      allowsEmail: true, allowsWhatsapp: false, talentPoolId: pools[1].id, talentPoolIds: [pools[1].id, pools[0].id],
      pools: [{ id: pools[1].id, name: pools[1].name }, { id: pools[0].id, name: pools[0].name }],
      engagement: { opens: 0, clicks: 0, replies: 0, score: 0 }, messages: [],
    });
    expect(created.json.consentHistory).toHaveLength(2);
    expect(created.json.consentHistory.every((e: ConsentEvent) => e.source === 'recruiter' && e.createdBy === recruiterId)).toBe(true);

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

    expect((await recruiter.patch(`/api/candidates/${created.id}`, {})).json).toEqual({ error: 'nothing to update', code: 'validation.nothing_to_update', field: 'body' });
    expect((await recruiter.patch(`/api/candidates/${created.id}`, { email: 'x' })).json.field).toBe('email');
    const missing = await recruiter.patch('/api/candidates/987654', { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.json.field).toBe('id');
  });

  it('keeps the language set by hand (english, dutch, or not known), refuses another, and lists it', async () => {
    const tag = uniqueTag();
    const unknown = await newCandidate(recruiter, { name: `Lang Unknown ${tag}` });
    expect(unknown.language).toBeNull();
    const dutch = await newCandidate(recruiter, { name: `Lang Dutch ${tag}`, language: 'dutch' });
    expect(dutch.language).toBe('dutch');

    const refused = await recruiter.post('/api/candidates', { name: `Lang German ${tag}`, language: 'german' });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: 'language must be one of english, dutch', code: 'validation.one_of', params: { field: 'language', values: 'english, dutch' }, field: 'language',
    });
    expect((await recruiter.patch(`/api/candidates/${dutch.id}`, { language: 'nl' })).json.field).toBe('language');

    expect((await recruiter.patch(`/api/candidates/${unknown.id}`, { language: 'english' })).json.language).toBe('english');
    // "Not known" in the form is blank; null too.
    expect((await recruiter.patch(`/api/candidates/${dutch.id}`, { language: '' })).json.language).toBeNull();
    expect((await recruiter.patch(`/api/candidates/${unknown.id}`, { language: null })).json.language).toBeNull();
    await recruiter.patch(`/api/candidates/${dutch.id}`, { language: 'dutch' });
    const listed = await all(`&q=${tag}&fields=name,language`);
    expect(listed.map((c) => [c.name, c.language])).toEqual([[`Lang Dutch ${tag}`, 'dutch'], [`Lang Unknown ${tag}`, null]]);
  });

  it('shows the detail: pools, consent history, messages so far and engagement', async () => {
    const pool = await newPool(recruiter);
    const first = await newCandidate(recruiter, { talentPoolIds: [pool.id] });
    // What the worker and the inbound path write: a reply and engagement events.
    await app.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, subject, content, sentiment, status)
       values ($1, 'in', 'email', 'Re: hello', 'Sounds good', 'positive', 'received')`, [first.id]);
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, kind) values ($1, 'open'), ($1, 'open'), ($1, 'click')`, [first.id]);
    const detail = await recruiter.get(`/api/candidates/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ id: first.id, name: first.name, engagement: { opens: 2, clicks: 1, replies: 0 } });
    expect(detail.json.messages[0]).toMatchObject({ subject: 'Re: hello', direction: 'in', channel: 'email', sentiment: 'positive', status: 'received' });
    expect(detail.json.consentHistory.map((e: ConsentEvent) => e.source)).toContain('recruiter');
    expect(detail.json.pools.map((p: CandidateDetail['pools'][number]) => p.id)).toEqual([pool.id]);

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
    const tag = uniqueTag();
    await people(tag, 6, (i) => ({ seniorityLevel: i % 2 ? 'senior' : 'junior', leadScore: i * 10, location: 'Utrecht' }));
    await newCandidate(recruiter, { name: `Joël Müller ${tag}`, seniorityLevel: 'senior', leadScore: 35 });
    const seniors = await all(`&q=${tag}&seniority=senior&sort=leadScore&dir=desc`);
    expect(seniors).toHaveLength(4);
    const response = await recruiter.get(`/api/candidates/export.csv?q=${tag}&seniority=senior&sort=leadScore&dir=desc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="candidates-\d{4}-\d\d-\d\d\.csv"/);
    const { records } = parseCsv(response.text);
    expect(records[0].fields.slice(0, 3)).toEqual(['id', 'name', 'email']);
    expect(records.slice(1).map((r) => Number(r.fields[0]))).toEqual(seniors.map((c) => c.id));
    const müller = records.find((r) => r.fields[1].includes('Müller'));
    expect(müller).toBeDefined();

    const dutch = await recruiter.get(`/api/candidates/export.csv?delimiter=semicolon&q=${tag}&location=Utrecht`);
    expect(parseCsv(dutch.text).delimiter).toBe(';');
    expect(parseCsv(dutch.text).records).toHaveLength(1 + 6);
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
    await people(uniqueTag(), 3);
    const { rows: [{ n }] } = await app.pools.owner.query('select count(*)::int as n from public.candidates');
    const asRecruiter = await withClaims(app.pools.app, { role: 'authenticated', sub: recruiterId }, (tx) => listCandidates(tx, query));
    expect(asRecruiter.total).toBe(n);
    expect(asRecruiter.rows).toBe(Math.min(n, 10_000));
    await expect(withClaims(app.pools.app, { role: 'anon' }, (tx) => listCandidates(tx, query))).rejects.toThrow(/permission denied/);
  });
});
