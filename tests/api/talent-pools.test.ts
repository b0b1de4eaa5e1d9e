// Talent pools: list with counts, create, rename, delete (candidates stay),
// membership changes, validation and row-level security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { listTalentPools } from '#domain/talent-pools/talent-pools.server.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate, newPool } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.21.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

const candidateCount = async () => Number(
  (await app.pools.owner.query('select count(*) as n from public.candidates')).rows[0].n);

describe('talent pools', () => {
  it('lists the pools with their candidate counts', async () => {
    const members = await Promise.all([newCandidate(recruiter), newCandidate(recruiter)]);
    const mine = await newPool(recruiter, members.map((c) => c.id));
    const empty = await newPool(recruiter);
    const response = await recruiter.get('/api/talent-pools');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(expect.arrayContaining([
      { id: mine.id, name: mine.name, description: null, candidateCount: 2 },
      { id: empty.id, name: empty.name, description: null, candidateCount: 0 },
    ]));
    const { rows } = await app.pools.owner.query(
      'select talent_pool_id as id, count(*)::int as n from public.talent_pool_members group by 1');
    for (const pool of response.json) {
      expect(Object.keys(pool).sort()).toEqual(['candidateCount', 'description', 'id', 'name']);
      expect(pool.candidateCount).toBe(rows.find((r) => r.id === pool.id)?.n ?? 0);
    }
    expect((await app.client().get('/api/talent-pools')).status).toBe(401);
  });

  it('creates and renames a pool, refusing blank and duplicate names', async () => {
    const created = await recruiter.post('/api/talent-pools', { name: '  Cloud Engineers ', description: 'AWS and GCP' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Cloud Engineers', description: 'AWS and GCP', candidateCount: 0 });

    const blank = await recruiter.post('/api/talent-pools', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json).toEqual({ error: 'name is required', code: 'validation.required', params: { field: 'name' }, field: 'name' });
    const taken = await recruiter.post('/api/talent-pools', { name: 'cloud engineers' });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ error: 'a talent pool with this name already exists', code: 'talent_pool_name_taken', field: 'name' });

    const renamed = await recruiter.patch(`/api/talent-pools/${created.json.id}`, { name: 'Cloud & Platform' });
    expect(renamed.json).toMatchObject({ id: created.json.id, name: 'Cloud & Platform', description: 'AWS and GCP' });
    const cleared = await recruiter.patch(`/api/talent-pools/${created.json.id}`, { description: null });
    expect(cleared.json.description).toBeNull();
    expect((await recruiter.patch(`/api/talent-pools/${created.json.id}`, {})).json).toEqual({ error: 'nothing to update', code: 'validation.nothing_to_update', field: 'body' });
    expect((await recruiter.patch('/api/talent-pools/999999', { name: 'Nope' })).status).toBe(404);
    expect((await recruiter.patch('/api/talent-pools/x', { name: 'Nope' })).json.field).toBe('id');
  });

  it('adds and removes members (bulk), and the count follows', async () => {
    const pool = (await recruiter.post('/api/talent-pools', { name: 'Shortlist' })).json;
    const ids = (await Promise.all(Array.from({ length: 10 }, () => newCandidate(recruiter)))).map((c) => c.id);

    const added = await recruiter.post(`/api/talent-pools/${pool.id}/members`, { candidateIds: [...ids, 999999] });
    expect(added.json).toEqual({ added: 10 });
    expect((await recruiter.post(`/api/talent-pools/${pool.id}/members`, { candidateIds: ids.slice(0, 3) })).json).toEqual({ added: 0 });
    expect((await recruiter.get(`/api/talent-pools/${pool.id}`)).json.candidateCount).toBe(10);
    const members = (await recruiter.get(`/api/candidates?talentPoolId=${pool.id}&limit=100`)).json;
    expect(members.map((c: { id: number }) => c.id).sort()).toEqual([...ids].sort());

    const removed = await recruiter.post(`/api/talent-pools/${pool.id}/members/remove`, { candidateIds: ids.slice(0, 4) });
    expect(removed.json).toEqual({ removed: 4 });
    expect((await recruiter.get(`/api/talent-pools/${pool.id}`)).json.candidateCount).toBe(6);

    for (const body of [{}, { candidateIds: [] }, { candidateIds: ['a'] }, { candidateIds: [-1] }]) {
      const bad = await recruiter.post(`/api/talent-pools/${pool.id}/members`, body);
      expect(bad.status).toBe(400);
      expect(bad.json.field).toMatch(/^candidateIds/);
    }
    expect((await recruiter.post('/api/talent-pools/999999/members', { candidateIds: ids })).status).toBe(404);
  });

  it('keeps talentPoolId as the earliest membership', async () => {
    const [first, second] = [await newPool(recruiter), await newPool(recruiter)];
    const candidate = (await recruiter.post('/api/candidates', { name: 'Order Test' })).json;
    await recruiter.post(`/api/talent-pools/${second.id}/members`, { candidateIds: [candidate.id] });
    await recruiter.post(`/api/talent-pools/${first.id}/members`, { candidateIds: [candidate.id] });
    const detail = (await recruiter.get(`/api/candidates/${candidate.id}`)).json;
    expect(detail.talentPoolId).toBe(second.id);
    expect(detail.talentPoolIds).toEqual([second.id, first.id]);
  });

  it('deletes a pool but not its candidates', async () => {
    const members = await Promise.all([newCandidate(recruiter), newCandidate(recruiter)]);
    const victim = await newPool(recruiter, members.map((c) => c.id));
    const before = await candidateCount();
    expect((await recruiter.delete(`/api/talent-pools/${victim.id}`)).json).toEqual({ success: true });
    expect(await candidateCount()).toBe(before);
    expect((await recruiter.get('/api/talent-pools')).json.map((p: { id: number }) => p.id)).not.toContain(victim.id);
    expect((await recruiter.get(`/api/talent-pools/${victim.id}`)).status).toBe(404);
    expect((await recruiter.delete(`/api/talent-pools/${victim.id}`)).status).toBe(404);
    expect((await recruiter.get(`/api/candidates?talentPoolId=${victim.id}`)).json).toEqual([]);
    for (const member of members) expect((await recruiter.get(`/api/candidates/${member.id}`)).json.talentPoolIds).toEqual([]);
  });

  it('shows no pools to a banned user (row-level security)', async () => {
    const bannedId = '00000000-0000-4000-8000-0000000000bb';
    await app.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, banned) values ($1, 'banned2', 'Banned', 'b2@x.nl', true)`, [bannedId]);
    expect(await withClaims(app.pools.app, { role: 'authenticated', sub: bannedId }, listTalentPools)).toEqual([]);
  });
});
