// Several processes on one database must share APP_SECRET: the request role's password
// is derived from it. A process started with another secret (a second machine without
// APP_SECRET, say) refuses to start and says what to set, instead of re-keying the role
// and locking the running processes out; ROTATE_APP_SECRET=on changes it on purpose, and
// a process whose database sign-in is then refused answers 503 with the reason in its
// log, never 500. The role belongs to the whole PostgreSQL server, so this file has its own.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/constants.ts';
import { overHttp, signInRecruiter, TestClient } from '../support/harness.ts';
import { ownPostgres, type OwnPostgres } from '../support/own-postgres.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { startWorkerProcess } from '../support/worker-process.ts';
import { until } from '../support/until.ts';
import { budget } from '../support/time-scale.ts';

const FIRST_SECRET = 'app-secret-test-first-secret-0123456789';
const OTHER_SECRET = 'app-secret-test-other-secret-9876543210';

let database: OwnPostgres;
const servers: RunningServer[] = [];
let first: RunningServer;
let recruiter: TestClient;

function startServer(secret: string, extra: Record<string, string> = {}) {
  return startServerProcess({
    databaseUrl: database.url, dataDir: path.join(database.root, `server-${servers.length}`),
    env: () => ({ APP_SECRET: secret, SEED_DEMO_DATA: 'on', TRUSTED_ORIGINS: ORIGIN, ...extra }),
  }).then((server) => { servers.push(server); return server; });
}

beforeAll(async () => {
  assertBuilt();
  database = await ownPostgres('app-secret');
  first = await startServer(FIRST_SECRET);
  recruiter = new TestClient(overHttp(first.url), '127.0.0.1');
  await signInRecruiter(recruiter);
}, budget(120_000));

afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  await database?.remove();
});

describe('a process with another APP_SECRET', () => {
  it('refuses to start, says what to set, and leaves the running processes working', { timeout: budget(90_000) }, async () => {
    await expect(startServer(OTHER_SECRET)).rejects.toThrow(/APP_SECRET does not match the one the processes already running on this database use/);
    await expect(startServer(OTHER_SECRET)).rejects.toThrow(/ROTATE_APP_SECRET=on/);
    await expect(startWorkerProcess({ databaseUrl: database.url, smtpUrl: 'smtp://127.0.0.1:9', appSecret: OTHER_SECRET }))
      .rejects.toThrow(/APP_SECRET does not match/);
    expect((await recruiter.get('/api/talent-pools')).status).toBe(200);
  });

  it('with ROTATE_APP_SECRET=on takes over; a process left on the old secret answers 503 and logs why', { timeout: budget(90_000) }, async () => {
    await startServer(OTHER_SECRET, { ROTATE_APP_SECRET: 'on' });
    // Open connections keep working until they end (a PostgreSQL restart, a network hiccup): end them now.
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = 'talentloop_app'`);
    await owner.end();
    const answer = await until(() => recruiter.get('/api/talent-pools'), (response) => response.status !== 200);
    expect(answer.status, answer.text).toBe(503);
    expect(answer.json).toEqual({ error: 'The database is not answering. Please try again in a moment.', code: 'database_unavailable', field: null });
    expect(first.output()).toMatch(/every process on this database needs the same APP_SECRET/);
  });
});
