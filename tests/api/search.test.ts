// GET /api/search: the command palette. Typo-tolerant, accent-insensitive,
// an array of results of the spec's shape, under row-level security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { search } from '#domain/search/search.server.ts';
import { SEARCH_ICONS } from '#domain/search/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;
let campaignId: number;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.22.0.1' });
  await signInRecruiter(recruiter);
  // The names the searches below look for (surnames the demo data does not have).
  for (const name of ['Wouter Kornelisen', 'Ilse Kornelissen', 'Zoë Brühlmeier', 'Jörg Brühlmeier', 'Anaïs Brühlmeier']) {
    await newCandidate(recruiter, { name });
  }
  campaignId = (await app.pools.owner.query(
    `insert into public.campaigns (name, campaign_type, status) values ('Kerstborrel Utrecht 2026', 'event', 'draft') returning id`)).rows[0].id;
  await app.pools.owner.query(
    `insert into public.ai_templates (template_id, name, description, category, language, subject, body)
     values ('zz-talentupdate-nl', 'Maandelijkse talentupdate', 'Nieuws voor kandidaten in een talentpool', 'nurture', 'dutch', 'Update', 'Hallo')`);
});
afterAll(async () => { await app?.close(); });

type Result = { id: string; type: string; title: string; subtitle?: string; description?: string; url: string; action: string; icon: string };

async function find(q: string): Promise<Result[]> {
  const response = await recruiter.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  expect(Array.isArray(response.json)).toBe(true);
  return response.json;
}

describe('GET /api/search', () => {
  it('answers an array of results of the spec shape', async () => {
    const results = await find('kornelisen');
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(['candidate', 'pool', 'campaign', 'template', 'meeting', 'action']).toContain(result.type);
      expect(SEARCH_ICONS).toContain(result.icon);
      expect(result.action).toBe('navigate');
      expect(typeof result.id).toBe('string');
      expect(result.title).toEqual(expect.any(String));
    }
    const candidate = results.find((r) => r.type === 'candidate')!;
    const id = Number(candidate.id.split(':')[1]);
    expect(candidate).toMatchObject({ icon: 'User', url: `/app/people?candidate=${id}` });
    const detail = (await recruiter.get(`/api/candidates/${id}`)).json;
    expect(candidate.title).toBe(detail.name);
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
  });

  it('tolerates typos: "kornelisen" also finds Kornelissen, and the other way round', async () => {
    const titles = (await find('kornelisen')).map((r) => r.title);
    expect(titles.some((t) => /\bKornelisen\b/.test(t))).toBe(true);
    expect(titles.some((t) => /\bKornelissen\b/.test(t))).toBe(true);
    expect((await find('kornelissen')).some((r) => /\bKornelisen\b/.test(r.title))).toBe(true);
  });

  it('ignores accents and case: "bruhlmeier" finds Brühlmeier, "ZOE" finds Zoë', async () => {
    const found = (await find('bruhlmeier')).filter((r) => r.type === 'candidate');
    // exact (accent-free) matches first; similar names may follow
    expect(found[0].title).toContain('Brühlmeier');
    expect(found.filter((r) => r.title.includes('Brühlmeier')).length).toBeGreaterThanOrEqual(Math.min(3, found.length));
    expect((await find('ZOE BRUHLMEIER')).some((r) => r.title === 'Zoë Brühlmeier')).toBe(true);
  });

  it('matches prefixes and several words, in any order', async () => {
    const created = (await recruiter.post('/api/candidates', {
      name: 'Pieter van der Meer-Achterberg', email: 'pieter.achterberg@example.org', jobFunction: 'Data Engineer', location: 'Delft',
    })).json;
    const expected = { id: `candidate:${created.id}`, title: 'Pieter van der Meer-Achterberg', subtitle: 'Data Engineer · Delft',
      description: 'pieter.achterberg@example.org', url: `/app/people?candidate=${created.id}` };
    expect((await find('achterb'))[0]).toMatchObject(expected);
    expect((await find('achterberg pieter'))[0]).toMatchObject(expected);
    expect((await find('pieter achtreberg'))[0]).toMatchObject(expected);
    expect((await find('pieter.achterberg@example.org'))[0]).toMatchObject(expected);
    // renamed (with a new address): found by the new name only
    await recruiter.patch(`/api/candidates/${created.id}`, { name: 'Pieter Oosterhout', email: 'pieter.oosterhout@example.org' });
    expect((await find('oosterhout'))[0]).toMatchObject({ id: `candidate:${created.id}` });
    expect((await find('achterberg')).some((r) => r.id === `candidate:${created.id}`)).toBe(false);
    // deleted: gone from search
    await recruiter.delete(`/api/candidates/${created.id}`);
    expect((await find('oosterhout')).some((r) => r.type === 'candidate')).toBe(false);
  });

  it('puts exact words before similar ones when several words are typed', async () => {
    const exact = (await recruiter.post('/api/candidates', { name: 'Femke Peters' })).json;
    for (let i = 0; i < 10; i++) await recruiter.post('/api/candidates', { name: 'Femke Peeters' });
    const results = await find('femke peters');
    expect(results[0]).toMatchObject({ id: `candidate:${exact.id}`, title: 'Femke Peters' });
    expect(results.some((r) => r.title === 'Femke Peeters')).toBe(true);
  });

  it('finds campaigns and templates, with their urls', async () => {
    expect((await find('kerstbo')).find((r) => r.type === 'campaign')).toMatchObject({
      id: `campaign:${campaignId}`, title: 'Kerstborrel Utrecht 2026', icon: 'Mail', url: `/app/communications/campaigns/${campaignId}`,
    });
    expect((await find('talentupdat')).find((r) => r.type === 'template')).toMatchObject({
      title: 'Maandelijkse talentupdate', icon: 'FileText', url: '/app/communications?template=zz-talentupdate-nl',
    });
  });

  it('offers actions: create campaign, compose message, add candidate', async () => {
    expect((await find('create camp')).find((r) => r.type === 'action')).toMatchObject({
      title: 'Create campaign', url: '/app/communications?action=create-campaign', icon: 'Plus',
    });
    expect((await find('compose')).find((r) => r.type === 'action')).toMatchObject({
      title: 'Compose message', url: '/app/communications?action=compose', icon: 'Mail',
    });
    expect((await find('kandidaat toevoegen')).find((r) => r.type === 'action')).toMatchObject({
      title: 'Add candidate', url: '/app/people?action=add-candidate', icon: 'UserPlus',
    });
  });

  it('ranks an action the words name by its title first: before the templates and records they also match', async () => {
    const compose = await find('compose');
    // "Company Spotlight" (a built-in template) matches "comp…" too, but the recruiter means the action.
    expect(compose.some((r) => r.type === 'template')).toBe(true);
    expect(compose[0]).toMatchObject({ type: 'action', title: 'Compose message' });
    const add = await find('add candidate');
    expect(add[0]).toMatchObject({ type: 'action', title: 'Add candidate' });
    // An exact name first, before another action the words also start ("create campaign" and "compose").
    expect((await find('create campaign'))[0]).toMatchObject({ type: 'action', title: 'Create campaign' });
  });

  it('refuses queries under 2 characters and signed-out visitors', async () => {
    expect((await recruiter.get('/api/search?q=a')).json).toEqual({ error: 'q must be at least 2 characters', code: 'validation.at_least_characters', params: { field: 'q', limit: 2 }, field: 'q' });
    expect((await recruiter.get('/api/search?q=%20%20a%20')).status).toBe(400);
    expect((await recruiter.get('/api/search')).json).toEqual({ error: 'q is required', code: 'validation.required', params: { field: 'q' }, field: 'q' });
    expect((await recruiter.get(`/api/search?q=${'x'.repeat(101)}`)).json.field).toBe('q');
    expect((await app.client().get('/api/search?q=jansen')).status).toBe(401);
    expect(await find('qqqxxzzz')).toEqual([]);
  });

  it('respects row-level security: a banned user finds nothing', async () => {
    const bannedId = '00000000-0000-4000-8000-0000000000bc';
    await app.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, banned) values ($1, 'banned3', 'Banned', 'b3@x.nl', true)`, [bannedId]);
    const asBanned = await withClaims(app.pools.app, { role: 'authenticated', sub: bannedId }, (tx) => search(tx, 'kerstborrel jansen'));
    expect(asBanned.filter((r) => r.type !== 'action')).toEqual([]);
    const recruiterId = (await app.pools.owner.query(`select id from public.profiles where username = 'recruiter'`)).rows[0].id;
    const asRecruiter = await withClaims(app.pools.app, { role: 'authenticated', sub: recruiterId }, (tx) => search(tx, 'kerstborrel'));
    expect(asRecruiter.some((r) => r.type === 'campaign')).toBe(true);
  });
});
