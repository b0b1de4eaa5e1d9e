// One log line per request and per job (issue 25): request id, route (the declared
// pattern, never a path's token or a query), status, duration and user id; never a body
// or a secret. The request id comes back as X-Request-Id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#platform/runtime/log.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { createApi } from '#edge-functions/app.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { createAuth, type AuthService } from '#platform/auth/better-auth.server.ts';
import { AUTH_SECRET, ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, signInRecruiter, TestClient, type TestDatabase } from '../support/harness.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let authService: AuthService;
let worker: Worker;
const lines: Record<string, unknown>[] = [];
const logger = createLogger({ format: 'json', minLevel: 'info', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });

beforeAll(async () => {
  db = await createTestDatabase();
  authService = await createAuth({ ownerUrl: db.ownerUrl, secret: AUTH_SECRET, baseURL: ORIGIN, trustedOrigins: [], secureCookies: false });
  worker = await startWorker(db.ownerUrl, db.pools, { ...loadConfig(), appSecret: TEST_SECRET }, { logger });
});
afterAll(async () => {
  await worker?.stop();
  await authService?.close();
  await db?.drop();
});

const api = () => createApi({
  pools: db.pools, identity: authService.identity, config: { ...loadConfig(), publicUrl: ORIGIN, appSecret: TEST_SECRET },
  clientIp: () => '10.40.0.1', logger,
});
const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('request log lines', () => {
  it('name the route as declared, the status, the duration and the user, and return the request id', async () => {
    const recruiter = new TestClient(api(), '10.40.0.1');
    await signInRecruiter(recruiter);
    const me = await recruiter.get('/api/auth/me');
    const answer = await recruiter.get('/api/candidates/987654321?secret-looking=query');
    expect(answer.status).toBe(404);
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = requestLines().find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/candidates/:id', status: 404, userId: me.json.user.id });
    expect(typeof line!.durationMs).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-looking');
    // The sign-in's line carries no password.
    expect(JSON.stringify(requestLines())).not.toContain('recruiter-demo-password');
  });

  it('keep a request id given by a proxy in front, and make one for a malformed one', async () => {
    const client = new TestClient(api(), '10.40.0.2');
    const given = await client.get('/api/health', { headers: { 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c21-0001');
    const forged = await client.get('/api/health', { headers: { 'x-request-id': 'bad id\twith "quotes"' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('job log lines', () => {
  it('name the job, its queue, its outcome and its duration', async () => {
    await worker.jobs.send(QUEUES.messagingSweep, [{ data: {} }]);
    const line = await until(() => Promise.resolve(lines.find((l) => l.msg === 'job' && l.queue === QUEUES.messagingSweep)), Boolean);
    expect(line).toMatchObject({ level: 'info', status: 'completed', batch: 1 });
    expect(typeof line!.jobId).toBe('string');
    expect(typeof line!.durationMs).toBe('number');
  });
});
