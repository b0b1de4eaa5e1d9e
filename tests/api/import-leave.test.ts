// A CSV import whose browser goes away once every row has been read (the recruiter closed the dialog and left the
// page, which the dialog then allows): the upload is over, so the server writes the rows on its own, the import
// completes and the People page (GET /api/imports) sees it to its end. Behind a real HTTP server, so that the
// browser's request is broken off for real; a lock on the import's pool holds the writing until it is gone.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORIGIN } from '../support/constants.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';

let app: TestApp;
let recruiter: TestClient;
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.151.0.1' });
  await signInRecruiter(recruiter);
  server = serve({ fetch: app.api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

const openConnections = () => new Promise<number>((resolve, reject) => {
  server.getConnections((error, count) => (error ? reject(error) : resolve(count)));
});

it('once every row is read, the import finishes on the server though the browser has gone away', async () => {
  const tag = uniqueTag();
  const poolId = (await recruiter.post('/api/talent-pools', { name: `Left behind ${tag}` })).json.id as number;
  const created = await recruiter.post('/api/imports', {
    fileName: 'left.csv', mapping: { name: 0, email: 1 }, talentPoolId: poolId, duplicates: 'skip', emailConsent: 'none',
  });
  expect(created.status, created.text).toBe(201);
  const importId = created.json.id as number;
  const csv = ['Name,Email', ...Array.from({ length: 30 }, (_, i) => `Lena ${tag} ${i},lena${i}@${tag}.example`)].join('\n');

  // The writing's first pool membership waits for this lock (the membership's key check on the pool).
  const holder = await app.pools.owner.connect();
  try {
    await holder.query('begin');
    const { rows: [{ pid }] } = await holder.query<{ pid: number }>(
      'select pg_backend_pid() as pid from public.talent_pools where id = $1 for update', [poolId]);
    const cookie = [...recruiter.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const browser = new AbortController();
    const upload = fetch(`${base}/api/imports/${importId}/file`, {
      method: 'PUT', headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' }, body: csv, signal: browser.signal,
    });
    upload.catch(() => undefined);
    await until(() => recruiter.get(`/api/imports/${importId}`), (state) => state.json.stage === 'writing');
    await until(async () => (await app.pools.owner.query<{ waiting: number }>(
      'select count(*)::int as waiting from pg_stat_activity where $1 = any (pg_blocking_pids(pid))', [pid])).rows[0].waiting,
    (waiting) => waiting > 0);

    // The recruiter leaves: the request is broken off, and the server sees its connection go.
    browser.abort();
    await expect(upload).rejects.toThrow();
    await until(openConnections, (count) => count === 0);
    await holder.query('commit');
  } finally {
    holder.release();
  }

  const finished = await until(() => recruiter.get(`/api/imports/${importId}`), (state) => state.json.status !== 'running');
  expect(finished.json).toMatchObject({ status: 'completed', imported: 30, skipped: 0, writtenRows: 30 });
  const listed = await recruiter.get(`/api/candidates?talentPoolId=${poolId}&limit=100`);
  expect(listed.json).toHaveLength(30);
});
