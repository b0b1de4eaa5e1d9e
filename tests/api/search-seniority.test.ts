// GET /api/search understands what recruiters type (issue 31, decision 045):
// seniority (with its Dutch words and abbreviations), preferred role and notes
// are searched with the other fields; a word naming a seniority or a place
// narrows to the candidate's own seniority or place, not a wish or a note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultsSchema } from '#domain/search/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.22.0.3' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

async function candidateIds(q: string): Promise<number[]> {
  const response = await recruiter.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return searchResultsSchema.parse(response.json).filter((r) => r.type === 'candidate').map((r) => Number(r.id.split(':')[1]));
}

/** Letters no other data holds (email words with digits are not searched). */
function word(prefix: string): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)];
  return `${prefix}${out}`;
}

describe('seniority and preferred role', () => {
  it('"senior controller enschede" finds the senior controller in Enschede, not one who wishes to be senior or a note about Enschede', async () => {
    const ours = await newCandidate(recruiter, {
      name: `Marit ${word('Ter')}`, seniorityLevel: 'senior', jobFunction: 'Financial Controller', location: 'Enschede',
    });
    const wishes = await newCandidate(recruiter, {
      name: `Joris ${word('Ter')}`, seniorityLevel: 'medior', jobFunction: 'Financial Controller', location: 'Enschede',
      preferredRole: 'Senior Financial Controller',
    });
    const mentions = await newCandidate(recruiter, {
      name: `Karin ${word('Ter')}`, seniorityLevel: 'senior', jobFunction: 'Financial Controller', location: 'Utrecht',
      notes: 'Moving to Enschede next spring',
    });
    const ids = await candidateIds('senior controller enschede');
    expect(ids).toContain(ours.id);
    expect(ids).not.toContain(wishes.id);
    expect(ids).not.toContain(mentions.id);
    // Every candidate found is one: senior, a controller, in Enschede.
    const { rows } = await app.pools.owner.query<{ ok: boolean }>(
      `select seniority_level = 'senior' and job_function ilike '%controller%' and location = 'Enschede' as ok
         from public.candidates where id = any($1::bigint[])`, [ids]);
    expect(rows.map((row) => row.ok)).toEqual(ids.map(() => true));
  });

  it('"lead designer lisboa" finds exactly the lead designer in Lisboa', async () => {
    const place = word('Lisboa');
    const ours = await newCandidate(recruiter, { name: 'Inês Carvalho', seniorityLevel: 'lead', jobFunction: 'Product Designer', location: place });
    await newCandidate(recruiter, { name: 'Rui Carvalho', seniorityLevel: 'senior', jobFunction: 'Product Designer', location: place, preferredRole: 'Lead Designer' });
    await newCandidate(recruiter, { name: 'Ana Carvalho', seniorityLevel: 'medior', jobFunction: 'Product Designer', location: place, notes: 'Could lead a team' });
    await newCandidate(recruiter, { name: 'Tiago Carvalho', seniorityLevel: 'lead', jobFunction: 'Backend Engineer', location: place });
    expect(await candidateIds(`lead designer ${place}`)).toEqual([ours.id]);
  });

  it('a seniority in Dutch or abbreviated: medior, stagiair, sr and jr name the level', async () => {
    const surname = word('Brinkhorst');
    const levels = ['intern', 'junior', 'medior', 'senior'] as const;
    const [intern, junior, medior, senior] = await Promise.all(levels.map((seniorityLevel) =>
      newCandidate(recruiter, { name: `Sem ${surname}`, seniorityLevel, jobFunction: 'Data Engineer' })));
    expect(await candidateIds(`medior ${surname}`)).toEqual([medior.id]);
    expect(await candidateIds(`${surname} stagiair`)).toEqual([intern.id]);
    expect(await candidateIds(`sr data ${surname}`)).toEqual([senior.id]);
    expect(await candidateIds(`jr ${surname}`)).toEqual([junior.id]);
    expect((await candidateIds(surname)).sort()).toEqual([intern.id, junior.id, medior.id, senior.id].sort());
  });

  it('a job title that says the seniority counts; a change of level is found at once', async () => {
    const surname = word('Veldkamp');
    const titled = await newCandidate(recruiter, { name: `Lotte ${surname}`, jobFunction: 'Senior Recruiter' });
    expect(await candidateIds(`senior recruiter ${surname}`)).toEqual([titled.id]);
    expect(await candidateIds(`lead ${surname}`)).toEqual([]);
    expect((await recruiter.patch(`/api/candidates/${titled.id}`, { seniorityLevel: 'lead' })).status).toBe(200);
    expect(await candidateIds(`lead ${surname}`)).toEqual([titled.id]);
  });

  it('the preferred role is searched: a frontend engineer who wants to design is found as a designer', async () => {
    const surname = word('Hofstede');
    const person = await newCandidate(recruiter, { name: `Noor ${surname}`, jobFunction: 'Frontend Engineer', preferredRole: 'Product Designer' });
    expect(await candidateIds(`${surname} designer`)).toEqual([person.id]);
  });
});

describe('notes', () => {
  it('a word of the notes finds the candidate, in the palette and in the People list, and follows edits', async () => {
    const remark = word('referentie');
    const person = await newCandidate(recruiter, { name: `Daan ${word('Wever')}`, notes: `Spoke at the ${remark} meetup; wants hybrid work.` });
    expect(await candidateIds(remark)).toEqual([person.id]);
    expect(await candidateIds(`${remark} hybrid`)).toEqual([person.id]);
    const list = await recruiter.get(`/api/candidates?q=${remark}&fields=id`);
    expect(list.status).toBe(200);
    expect((list.json as Array<{ id: number }>).map((row) => row.id)).toEqual([person.id]);
    expect((await recruiter.patch(`/api/candidates/${person.id}`, { notes: 'Prefers remote.' })).status).toBe(200);
    expect(await candidateIds(remark)).toEqual([]);
  });

  it('the People list finds a seniority as the palette does', async () => {
    const surname = word('Meulenbelt');
    const person = await newCandidate(recruiter, { name: `Fenna ${surname}`, seniorityLevel: 'medior' });
    await newCandidate(recruiter, { name: `Gijs ${surname}`, seniorityLevel: 'senior' });
    const list = await recruiter.get(`/api/candidates?q=${encodeURIComponent(`${surname} medior`)}&fields=id`);
    expect((list.json as Array<{ id: number }>).map((row) => row.id)).toEqual([person.id]);
    expect(await candidateIds(`${surname} medior`)).toEqual([person.id]);
  });
});
