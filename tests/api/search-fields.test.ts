// GET /api/search beyond names (decision 022): candidates by email, job
// function, skills and location with every query word required, ranked by
// relevance then engagement; talent pools, meetings and the new actions; under
// row-level security. Each test makes its own words (letters only), so the demo
// data in the template database never matches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { candidateWords } from '#domain/search/candidates.server.ts';
import { search } from '#domain/search/search.server.ts';
import { searchResultsSchema } from '#domain/search/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate, newPool } from '../support/test-data.ts';
import { makeUser } from '../support/auth-users.ts';

let app: TestApp;
let recruiter: TestClient;
let recruiterId: string;
let recruiterName: string;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.22.0.2' });
  await signInRecruiter(recruiter);
  ({ id: recruiterId, display_name: recruiterName } = (await app.pools.owner.query(`select id, display_name from public.profiles where username = 'recruiter'`)).rows[0]);
});
afterAll(async () => { await app?.close(); });

type Result = { id: string; type: string; title: string; subtitle?: string; description?: string; url: string; icon: string };

async function find(q: string): Promise<Result[]> {
  const response = await recruiter.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return searchResultsSchema.parse(response.json);
}
const candidateIds = async (q: string) => (await find(q)).filter((r) => r.type === 'candidate').map((r) => Number(r.id.split(':')[1]));

/** A word no other data holds, nor resembles: random letters (email words with digits are not indexed). */
function word(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; i < 8; i++) out += letters[Math.floor(Math.random() * 26)];
  return `${prefix}${out}`;
}

describe('candidates by every field', () => {
  it('every query word must match in some field: name, job function, skills, location, email', async () => {
    const surname = word('Vantong');
    const skill = word('pyth');
    const place = word('Amstel');
    const person = await newCandidate(recruiter, {
      name: `Odile ${surname}`, jobFunction: 'Backend Engineer', skillTags: [skill, 'kafka'], location: place,
      email: `odile@${word('werkplaats')}.nl`,
    });
    const other = await newCandidate(recruiter, { name: `Bas ${surname}`, jobFunction: 'Sales Development Rep', location: place });
    const id = person.id;
    expect(await candidateIds(`${surname} ${skill}`)).toEqual([id]);
    expect(await candidateIds(`${skill} ${place}`)).toEqual([id]);
    expect(await candidateIds(`${surname} backend`)).toEqual([id]);
    expect(await candidateIds(`${place} sales`)).toEqual([other.id]);
    expect((await candidateIds(`${surname} ${place}`)).sort()).toEqual([id, other.id].sort());
    // one word that matches nothing of this person: not found
    expect(await candidateIds(`${skill} ${place} rotterdam`)).toEqual([]);
    // the email's domain is a word too
    expect(await candidateIds(`${person.email!.split('@')[1].split('.')[0]} odile`)).toEqual([id]);
  });

  it('ignores case and accents, and matches word prefixes in every field', async () => {
    const place = word('Düssel');
    const skill = word('ångström');
    const person = await newCandidate(recruiter, { name: `Renée ${word('Lefèvre')}`, skillTags: [skill], location: place });
    const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
    expect(await candidateIds(plain(place).toUpperCase())).toEqual([person.id]);
    expect(await candidateIds(plain(skill).slice(0, 6))).toContain(person.id);
    expect(await candidateIds(`${plain(skill)} ${plain(place).slice(0, 7)}`)).toEqual([person.id]);
  });

  it('"Sales Amsterdam", "Backend", "python amsterdam": each result holds every word in some field', async () => {
    await newCandidate(recruiter, { name: `Sanne ${word('Sal')}`, jobFunction: 'Sales Development Rep', location: 'Amsterdam' });
    await newCandidate(recruiter, { name: `Daan ${word('Bac')}`, jobFunction: 'Backend Engineer', skillTags: ['python'], location: 'Amsterdam' });
    for (const q of ['Sales Amsterdam', 'Backend', 'python amsterdam']) {
      const ids = await candidateIds(q);
      expect(ids.length, q).toBeGreaterThan(0);
      for (const id of ids) {
        const c = (await recruiter.get(`/api/candidates/${id}`)).json;
        const text = [c.name, c.email, c.jobFunction, ...(c.skillTags as string[]), c.location].join(' ').toLowerCase();
        for (const w of q.toLowerCase().split(' ')) expect(text, `${q}: ${c.name}`).toMatch(new RegExp(`\\b${w}`));
      }
    }
  });

  it('keeps typo tolerance for names, not for skills', async () => {
    const surname = word('Kornelis');
    const skill = word('terraform');
    const person = await newCandidate(recruiter, { name: `Ilse ${surname}`, skillTags: [skill] });
    const typo = (w: string) => w.slice(0, 4) + w[5] + w[4] + w.slice(6);
    expect(await candidateIds(`ilse ${typo(surname.toLowerCase())}`)).toContain(person.id);
    expect(await candidateIds(typo(skill))).toEqual([]);
  });

  it('follows changes: a new skill, job or place is found, the old one is not', async () => {
    const old = word('cobol');
    const next = word('rust');
    const person = await newCandidate(recruiter, { skillTags: [old], location: 'Zwolle' });
    expect(await candidateIds(old)).toEqual([person.id]);
    const patched = await recruiter.patch(`/api/candidates/${person.id}`, { skillTags: [next] });
    expect(patched.status).toBe(200);
    expect(await candidateIds(old)).toEqual([]);
    expect(await candidateIds(`${next} zwolle`)).toEqual([person.id]);
  });
});

describe('ranking', () => {
  it('name matches above skill and location matches; exact above prefix above similar; then engagement', async () => {
    const w = word('Quorvex');
    const bySkill = await newCandidate(recruiter, { name: 'Skill Holder', skillTags: [w.toLowerCase()] });
    const byPlace = await newCandidate(recruiter, { name: 'Place Holder', location: w });
    const byName = await newCandidate(recruiter, { name: `Anna ${w}` });
    const byPrefix = await newCandidate(recruiter, { name: `Bert ${w}son` });
    const engagedSkill = await newCandidate(recruiter, { name: 'Engaged Holder', skillTags: [w.toLowerCase()] });
    await app.pools.owner.query(`update public.candidates set engagement_score = 80 where id = $1`, [engagedSkill.id]);
    await app.pools.owner.query(`update public.candidates set engagement_score = 95 where id = $1`, [byPlace.id]);
    expect(await candidateIds(w)).toEqual([byName.id, byPrefix.id, engagedSkill.id, bySkill.id, byPlace.id]);
  });

  it('more matching words in the name rank higher, an exact email first', async () => {
    const first = word('Mirth');
    const last = word('Brou');
    const both = await newCandidate(recruiter, { name: `${first} ${last}`, location: 'Utrecht' });
    const onePlusPlace = await newCandidate(recruiter, { name: `${first} Visser`, location: last });
    await app.pools.owner.query(`update public.candidates set engagement_score = 99 where id = $1`, [onePlusPlace.id]);
    expect(await candidateIds(`${first} ${last}`)).toEqual([both.id, onePlusPlace.id]);
    expect((await candidateIds(onePlusPlace.email!))[0]).toBe(onePlusPlace.id);
  });
});

describe('talent pools, meetings and actions', () => {
  it('finds talent pools by name, opening the people page filtered by the pool', async () => {
    const name = `${word('Kitesurf')} Zeeland`;
    const pool = await newPool(recruiter, [], name);
    const found = (await find(name.slice(0, 9))).find((r) => r.type === 'pool');
    expect(found).toMatchObject({ id: `pool:${pool.id}`, title: name, subtitle: 'Talent pool', icon: 'Users', url: `/app/people?talentPoolId=${pool.id}` });
  });

  it('finds meetings by the candidate\'s name and by title, opening them in their week', async () => {
    const surname = word('Oosterh');
    const person = await newCandidate(recruiter, { name: `Jesse ${surname}` });
    const title = `${word('Portfolio')} gesprek`;
    const { rows } = await app.pools.owner.query<{ id: number }>(
      `insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at)
       values ($1, $2, $3, '2026-12-02 13:00+00', '2026-12-02 13:30+00') returning id`, [recruiterId, person.id, title]);
    const meetingId = rows[0].id;
    const expected = {
      id: `meeting:${meetingId}`, type: 'meeting', title: `${title} with Jesse ${surname}`, icon: 'CalendarClock',
      subtitle: `2026-12-02 14:00 · Confirmed · ${recruiterName}`, url: `/app/meetings?view=week&week=2026-12-02&recruiter=all&meeting=${meetingId}`,
    };
    expect((await find(`jesse ${surname}`)).find((r) => r.type === 'meeting')).toMatchObject(expected);
    expect((await find(title.split(' ')[0].slice(0, 10))).find((r) => r.type === 'meeting')).toMatchObject(expected);
    // Found by a skill word, the candidate is not "by name": no meeting.
    const skill = word('scala');
    await recruiter.patch(`/api/candidates/${person.id}`, { skillTags: [skill] });
    expect((await find(skill)).map((r) => r.type)).toEqual(['candidate']);
  });

  it('finds meetings by a host\'s name, a collective meeting\'s other hosts too, naming the hosts', async () => {
    const surname = word('Hostveld');
    const colleague = await makeUser(app);
    await app.pools.owner.query('update public.profiles set display_name = $2 where id = $1', [colleague.id, `Mirthe ${surname}`]);
    const title = `${word('Panel')} gesprek`;
    const { rows: [own] } = await app.pools.owner.query<{ id: number }>(
      `insert into public.meetings (recruiter_id, title, starts_at, ends_at)
       values ($1, $2, '2026-12-07 09:00+00', '2026-12-07 09:30+00') returning id::int`, [colleague.id, `${title} solo`]);
    // A collective meeting of the recruiter's, with the colleague as a second host.
    const { rows: [collective] } = await app.pools.owner.query<{ id: number; blocked_from: Date; blocked_until: Date }>(
      `insert into public.meetings (recruiter_id, title, starts_at, ends_at)
       values ($1, $2, '2026-12-08 09:00+00', '2026-12-08 10:00+00') returning id::int, blocked_from, blocked_until`, [recruiterId, title]);
    await app.pools.owner.query(
      'insert into public.meeting_hosts (meeting_id, host_id, blocked_from, blocked_until) values ($1, $2, $3, $4)',
      [collective.id, colleague.id, collective.blocked_from, collective.blocked_until]);

    const byHost = (await find(`mirthe ${surname}`)).filter((r) => r.type === 'meeting');
    expect(byHost.map((r) => r.id)).toEqual([`meeting:${collective.id}`, `meeting:${own.id}`]);
    // The meeting's recruiter first, then the other hosts.
    expect(byHost[0]).toMatchObject({ title, subtitle: `2026-12-08 10:00 · Confirmed · ${recruiterName}, Mirthe ${surname}` });
    expect(byHost[1]).toMatchObject({ subtitle: `2026-12-07 10:00 · Confirmed · Mirthe ${surname}` });
    // A typo in the name still finds them.
    expect((await find(`${surname.slice(0, -1)}x`)).filter((r) => r.type === 'meeting').map((r) => r.id)).toContain(`meeting:${collective.id}`);
  });

  it('offers import CSV and book a meeting, with their pages', async () => {
    expect((await find('import csv')).find((r) => r.type === 'action')).toMatchObject({ title: 'Import CSV', url: '/app/people?action=import-csv', icon: 'Upload' });
    expect((await find('book a meeting')).find((r) => r.type === 'action')).toMatchObject({ title: 'Book a meeting', url: '/app/people', icon: 'CalendarPlus' });
    expect((await find('afspraak plannen')).map((r) => r.title)).toContain('Book a meeting');
    expect((await find('create campaign')).map((r) => r.title)).toContain('Create campaign');
    expect((await find('compose')).map((r) => r.title)).toContain('Compose message');
    expect((await find('add candidate')).map((r) => r.title)).toContain('Add candidate');
  });
});

describe('row-level security', () => {
  it('a recruiter finds pools, meetings and candidates by field; a banned user finds none of them', async () => {
    const w = word('Veluwe');
    const person = await newCandidate(recruiter, { name: `Teun ${w}`, location: w, skillTags: ['sql'] });
    await newPool(recruiter, [person.id], `${w} pool`);
    await app.pools.owner.query(
      `insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at)
       values ($1, $2, 'Kennismaking', '2026-12-03 09:00+00', '2026-12-03 09:30+00')`, [recruiterId, person.id]);
    const asRecruiter = await withClaims(app.pools.app, { role: 'authenticated', sub: recruiterId }, (tx) => search(tx, `teun ${w}`));
    expect(new Set(asRecruiter.map((r) => r.type))).toEqual(new Set(['candidate', 'pool', 'meeting']));
    const bannedId = '00000000-0000-4000-8000-0000000000bd';
    await app.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, banned) values ($1, 'banned4', 'Banned', 'b4@x.nl', true)`, [bannedId]);
    const asBanned = await withClaims(app.pools.app, { role: 'authenticated', sub: bannedId }, (tx) => search(tx, `teun ${w}`));
    expect(asBanned).toEqual([]);
    const bySkill = await withClaims(app.pools.app, { role: 'authenticated', sub: bannedId }, (tx) => search(tx, `sql ${w}`));
    expect(bySkill.filter((r) => r.type !== 'action')).toEqual([]);
  });
});

describe('one rule for the words of a candidate', () => {
  it('the ranking\'s candidateWords gives what public.candidate_words gives, on every demo candidate', async () => {
    await newCandidate(recruiter, { name: "Søren O'Brien-Łukasiewicz Yılmaz", jobFunction: 'Ærø Œuvre', skillTags: ['c#', 'node.js'], location: "'s-Hertogenbosch" });
    await newCandidate(recruiter, { name: 'Zoë Ångström', seniorityLevel: 'medior', preferredRole: 'Lead Data-Engineer', notes: "Søren's referral;\u0001café\u0001meetup" });
    const { rows } = await app.pools.owner.query<{
      name: string; email: string | null; job_function: string | null; skill_tags: string[]; location: string | null;
      seniority_level: string | null; preferred_role: string | null; notes: string | null; words: Record<string, number>;
    }>(
      `select c.name, c.email::text as email, c.job_function, c.skill_tags, c.location, c.seniority_level, c.preferred_role, c.notes,
              (select jsonb_object_agg(w.word, w.fields) from public.candidate_words(c) w) as words
         from public.candidates c`);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) expect(Object.fromEntries(candidateWords(row)), row.name).toEqual(row.words);
  });
});
