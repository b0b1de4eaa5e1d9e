// A CSV import whose server dies (kill -9) while it runs: PostgreSQL rolls back what
// it was writing, and the once-a-minute sweep of any worker marks it failed, says
// why, removes its staged rows, and the same file imports again. The import runs in
// `node server.ts` (the web process that receives the upload), killed for real.
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_IMPORT_ERROR } from '#domain/imports/interrupted.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { budget } from '../support/time-scale.ts';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';
import { ORIGIN } from '../support/constants.ts';
import { createTestDatabase, overHttp, signInRecruiter, TestClient, type TestDatabase } from '../support/harness.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-import-kill-'));
const servers: RunningServer[] = [];

beforeAll(async () => {
  assertBuilt();
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(worker: boolean) {
  const server = await startServerProcess({
    databaseUrl: db.ownerUrl, dataDir, env: () => ({ WORKER: worker ? 'on' : 'off', TRUSTED_ORIGINS: ORIGIN }),
  });
  servers.push(server);
  const recruiter = new TestClient(overHttp(server.url), '127.0.0.1');
  await signInRecruiter(recruiter);
  return { server, recruiter };
}

const ROWS = 5_000;
function csvRows(tag: string, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += `Kill Test ${i},kill-${tag}-${i}@example.com\n`;
  return text;
}

/** Starts the upload: the header and the first rows are sent, the rest never comes (until the server dies). */
function startUpload(server: RunningServer, recruiter: TestClient, id: number, firstPart: string) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) { controller.enqueue(new TextEncoder().encode(`name,email\n${firstPart}`)); },
  });
  const cookie = [...recruiter.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(`${server.url}/api/imports/${id}/file`, {
    method: 'PUT', body, duplex: 'half', headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' },
  } as RequestInit).catch((error: Error) => error);
}

async function runSweep() {
  const boss = new PgBoss({ connectionString: db.ownerUrl, schema: BOSS_SCHEMA, max: 2, supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    await boss.send(QUEUES.messagingSweep, {});
  } finally {
    await boss.stop({ graceful: false });
  }
}

describe('an import whose server was killed', () => {
  it('is failed by the sweep with the reason, its staged rows go, and the same file imports again', { timeout: budget(90_000) }, async () => {
    const tag = uniqueTag();
    const { server, recruiter } = await startServer(false);
    const created = await recruiter.post('/api/imports', { mapping: { name: 0, email: 1 }, fileName: 'kill.csv', emailConsent: 'none' });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const upload = startUpload(server, recruiter, id, csvRows(tag, 0, 3_000));
    // Past the first batch: rows are staged in the database.
    await until(() => recruiter.get(`/api/imports/${id}`), (answer) => answer.json.stagedRows >= 2_000);

    process.kill(server.pid, 'SIGKILL');
    await upload;
    const staged = await db.pools.owner.query('select count(*)::int as n from public.import_rows where import_id = $1', [id]);
    expect(staged.rows[0].n).toBeGreaterThan(0);

    const { recruiter: again } = await startServer(true);
    expect((await again.get(`/api/imports/${id}`)).json.status).toBe('running');
    // A minute has passed since the dead process was last seen (the sweep waits that long for a live one).
    await db.pools.owner.query(
      `update private.worker_heartbeats set seen_at = now() - interval '2 minutes'
        where worker_id = (select running_by from public.imports where id = $1)`, [id]);
    await runSweep();
    const failed = await until(() => again.get(`/api/imports/${id}`), (answer) => answer.json.status !== 'running');
    expect(failed.json).toMatchObject({
      status: 'failed', error: INTERRUPTED_IMPORT_ERROR, errorCode: 'import_interrupted', errorParams: null, imported: 0, stage: null,
    });
    const left = await db.pools.owner.query(
      `select (select count(*)::int from public.import_rows where import_id = $1) as staged,
              (select count(*)::int from public.candidates where email::text like $2) as candidates`, [id, `kill-${tag}-%`]);
    expect(left.rows[0]).toEqual({ staged: 0, candidates: 0 });

    // The same file, imported again, goes through.
    const retry = await again.post('/api/imports', { mapping: { name: 0, email: 1 }, fileName: 'kill.csv', emailConsent: 'none' });
    const done = await again.send('PUT', `/api/imports/${retry.json.id}/file`, {
      body: `name,email\n${csvRows(tag, 0, ROWS)}`, headers: { 'content-type': 'text/csv' },
    });
    expect(done.json).toMatchObject({ status: 'completed', imported: ROWS });
  });
});
