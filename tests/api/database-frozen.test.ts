// A PostgreSQL that freezes (SIGSTOP of every postgres process: a stalled disk, a
// paused VM) or stops (a fast shutdown), under `node server.ts` with its worker,
// as an operator would see it. While it is out, every request that needs it
// answers 503 { error, field: null } with Retry-After within
// DB_STATEMENT_TIMEOUT_MS + 2 s, never 500 and never a hang; pages that need no
// database keep working; when it is back the product is back by itself, worker
// included (a message sent afterwards reaches the SMTP sink).
// The server has its own PostgreSQL here: freezing the test run's would stop every other file.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDatabase } from '#platform/db/pools.server.ts';
import { ORIGIN } from '../support/constants.ts';
import { overHttp, signInRecruiter, TestClient, type TestResponse } from '../support/harness.ts';
import { ownPostgres, type OwnPostgres } from '../support/own-postgres.ts';
import { signalAll } from '../support/postgres-processes.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import { budget, within } from '../support/time-scale.ts';

const STATEMENT_MS = 2_000;
/** The promise: an answer within the statement time-out and 2 s. */
const ANSWER_MS = STATEMENT_MS + 2_000;

let database: OwnPostgres;
let server: RunningServer;
let sink: SmtpSink;
let recruiter: TestClient;
let stranger: TestClient;

beforeAll(async () => {
  assertBuilt();
  database = await ownPostgres('frozen');
  sink = await startSmtpSink();
  server = await startServerProcess({
    databaseUrl: database.url, dataDir: path.join(database.root, 'server'),
    env: () => ({
      WORKER: 'on', SEED_DEMO_DATA: 'on', TRUSTED_ORIGINS: ORIGIN, SMTP_URL: sink.url,
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_CONNECT_TIMEOUT_MS: '1000',
    }),
  });
  recruiter = new TestClient(overHttp(server.url), '127.0.0.1');
  stranger = new TestClient(overHttp(server.url), '127.0.0.1');
  await signInRecruiter(recruiter);
}, budget(120_000));

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await database?.remove();
});

/** What the product must answer while the database is out: nothing hangs, nothing is a 500. */
async function whileOut() {
  const ask = (what: string, request: Promise<TestResponse>) => within(request, ANSWER_MS, what);
  const [read, write, signIn, health, page, shell] = await Promise.all([
    ask('a read', recruiter.get('/api/candidates?limit=5')),
    ask('a write', recruiter.post('/api/talent-pools', { name: `While out ${uniqueTag()}` })),
    ask('a sign-in', stranger.post('/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' })),
    ask('the health check', stranger.get('/api/health')),
    ask('the home page', stranger.get('/')),
    ask('the /app shell, signed out', stranger.get('/app/dashboard')),
  ]);
  for (const [what, answer] of [['read', read], ['write', write], ['sign-in', signIn]] as const) {
    expect(answer.status, `${what}: ${answer.text}`).toBe(503);
    expect(answer.json, what).toEqual({
      error: expect.stringMatching(/^The database (is not answering|took too long to answer)\. Please try again in a moment\.$/),
      code: expect.stringMatching(/^database_(unavailable|slow)$/), field: null,
    });
    expect(Number(answer.headers.get('retry-after')), what).toBeGreaterThan(0);
  }
  expect(health.status).toBe(503);
  expect(health.json).toMatchObject({ status: 'degraded' });
  // Pages that need no database keep working.
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  // Without a session the shell sends the visitor to sign in (decision 044), which needs no database.
  expect(shell.status).toBe(302);
  expect(shell.headers.get('location')).toBe('/login?next=%2Fapp%2Fdashboard');
}

/** Back by itself: reads answer again, and the worker sends (a message queued now reaches the sink). */
async function backAgain() {
  await until(() => recruiter.get('/api/candidates?limit=5'), (answer) => answer.status === 200, 30_000);
  const email = `back-${uniqueTag()}@example.com`;
  const candidate = await newCandidate(recruiter, { name: 'Back Again', email });
  const sent = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: 'Still there?', content: 'Hello again', channel: 'email', platform: 'email' });
  expect(sent.status, sent.text).toBe(201);
  await until(() => Promise.resolve(sink.perRecipient.get(email) ?? 0), (copies) => copies === 1, 30_000);
}

describe('a frozen database (SIGSTOP)', () => {
  it('answers 503 with Retry-After within the statement time-out and 2 s, keeps its pages, and comes back by itself', { timeout: budget(120_000) }, async () => {
    const pids = database.processes();
    signalAll(pids, 'SIGSTOP');
    try {
      await whileOut();
      // Asked again while still frozen: the pool's connections are stuck, the answer is still quick.
      await whileOut();
    } finally {
      signalAll(pids, 'SIGCONT');
    }
    await backAgain();
  });
});

describe('a stopped database', () => {
  it('answers 503 (never 500) while it is down, and comes back by itself when it starts again', { timeout: budget(120_000) }, async () => {
    await database.stop();
    await whileOut();
    await database.start();
    await backAgain();
  });
});

describe('a process that starts while its database does not answer', () => {
  it('waits for it, saying why, and goes on once it answers; a refused sign-in ends the wait at once', { timeout: budget(60_000) }, async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 500 });
    const waits: string[] = [];
    const pids = database.processes();
    signalAll(pids, 'SIGSTOP');
    let thawed = false;
    const thaw = () => { if (!thawed) { thawed = true; signalAll(pids, 'SIGCONT'); } };
    try {
      // Thawed once the wait has been said twice: the process must still be waiting then, not have given up.
      const ready = waitForDatabase(pool, { waitMs: budget(30_000), onWait: (reason) => { waits.push(reason); if (waits.length === 2) thaw(); } });
      await ready;
      expect(waits.length).toBeGreaterThanOrEqual(2);
      expect(waits[0]).toMatch(/timeout/i);
      expect((await pool.query<{ one: number }>('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      thaw();
      await pool.end();
    }

    const wrong = new URL(database.url);
    wrong.password = 'not-the-password';
    const refused = new pg.Pool({ connectionString: wrong.toString(), max: 1, connectionTimeoutMillis: 500 });
    const refusedWaits: string[] = [];
    try {
      await expect(waitForDatabase(refused, { onWait: (reason) => { refusedWaits.push(reason); } })).rejects.toMatchObject({ code: '28P01' });
      expect(refusedWaits).toEqual([]);
    } finally {
      await refused.end();
    }
  });
});
