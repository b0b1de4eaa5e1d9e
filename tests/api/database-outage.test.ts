// A slow or unreachable database: requests answer 503 with a JSON error instead
// of hanging or failing with a 500, and /api/health says "degraded" and why.
// The outages are real: a port where nothing listens, a server that accepts
// connections and never answers, a pool with no free connection, a table lock
// that outlasts the statement time-out, a job queue that has stopped.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, type AuthService } from '#platform/auth/better-auth.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import {
  APP_LOGIN_ROLE, appPoolConfig, appRolePassword, withUser, type DbTimeouts, type Pools,
} from '#platform/db/pools.server.ts';
import { createApi } from '#edge-functions/app.ts';
import { startWorker } from '#worker/index.ts';
import { AUTH_SECRET, ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, TestClient, type TestDatabase } from '../support/harness.ts';
import { freePort } from '#platform/runtime/ports.server.ts';
import { within } from '../support/time-scale.ts';

const UNAVAILABLE = { error: 'The database is not answering. Please try again in a moment.', code: 'database_unavailable', field: null };
const QUICK: DbTimeouts = { statementMs: 15_000, connectMs: 300 };

let db: TestDatabase;
let authService: AuthService;
let silent: net.Server;
const silentSockets = new Set<net.Socket>();
const opened: pg.Pool[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  authService = await createAuth({ ownerUrl: db.ownerUrl, secret: AUTH_SECRET, baseURL: ORIGIN, trustedOrigins: [], secureCookies: false });
  // Accepts connections and never says a word: a database that hangs.
  silent = net.createServer((socket) => { silentSockets.add(socket); socket.on('close', () => silentSockets.delete(socket)); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  silent?.close();
  await Promise.allSettled(opened.map((pool) => pool.end()));
  await authService?.close();
  await db?.drop();
});

/** An app-role pool on `url` (the test database's server unless given), with these time-outs. */
function appPool(timeouts: DbTimeouts, options: { port?: number; max?: number } = {}): pg.Pool {
  const url = new URL(withUser(db.ownerUrl, APP_LOGIN_ROLE, appRolePassword(TEST_SECRET)));
  if (options.port) url.port = String(options.port);
  const pool = new pg.Pool(appPoolConfig(url.toString(), options.max ?? 2, timeouts));
  pool.on('error', () => undefined);
  opened.push(pool);
  return pool;
}

/** The real API with this app pool (and the test database's owner pool). */
function apiWith(app: pg.Pool, checkQueue?: () => Promise<unknown>) {
  const pools: Pools = { owner: db.pools.owner, app, close: () => Promise.resolve() };
  return createApi({
    pools, identity: authService.identity, config: { ...loadConfig(), publicUrl: ORIGIN, appSecret: TEST_SECRET },
    clientIp: (c) => c.req.header('x-test-client-ip') ?? '10.32.0.1', checkQueue,
  });
}

const accessRequest = { name: 'Outage Test', email: 'outage@example.com' };

describe('GET /api/health', () => {
  it('answers ok with the database and no worker in this process', async () => {
    const health = await new TestClient(apiWith(db.pools.app), '10.32.0.2').get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok', database: 'ok', queue: 'off' });
  });

  it('answers 503 degraded when the database is unreachable', async () => {
    const health = await new TestClient(apiWith(appPool(QUICK, { port: await freePort() })), '10.32.0.3').get('/api/health');
    expect(health.status).toBe(503);
    expect(health.json).toEqual({ status: 'degraded', database: 'unavailable', queue: 'off', reasons: ['the database is unreachable'] });
  });

  it('answers 503 degraded when the database does not answer within a second', async () => {
    const pool = appPool({ statementMs: 15_000, connectMs: 5_000 }, { max: 1 });
    const held = await pool.connect(); // the pool's only connection, busy
    try {
      // The check waits a second, not the pool's five for a connection.
      const health = await within(new TestClient(apiWith(pool), '10.32.0.4').get('/api/health'), 3_000, 'the health check');
      expect(health.status).toBe(503);
      expect(health.json).toEqual({ status: 'degraded', database: 'slow', queue: 'off', reasons: ['the database did not answer within 1000 ms'] });
    } finally {
      held.release();
    }
  });

  it('checks the job queue of the worker in this process', async () => {
    const worker = await startWorker(db.ownerUrl, db.pools, { ...loadConfig(), appSecret: TEST_SECRET });
    const api = apiWith(db.pools.app, () => worker.boss.getQueues());
    try {
      expect((await new TestClient(api, '10.32.0.5').get('/api/health')).json).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    } finally {
      await worker.stop();
    }
    const stopped = await new TestClient(api, '10.32.0.5').get('/api/health');
    expect(stopped.status).toBe(503);
    expect(stopped.json).toMatchObject({ status: 'degraded', database: 'ok', reasons: [expect.stringMatching(/^the job queue /)] });
  });
});

describe('a request while the database is out', () => {
  it('answers 503 at once when nothing listens', async () => {
    const response = await new TestClient(apiWith(appPool(QUICK, { port: await freePort() })), '10.32.0.6').post('/api/access-requests', accessRequest);
    expect(response.status).toBe(503);
    expect(response.json).toEqual(UNAVAILABLE);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('answers 503 after the connection time-out when the server never answers', async () => {
    const api = apiWith(appPool(QUICK, { port: (silent.address() as net.AddressInfo).port }));
    const response = await within(new TestClient(api, '10.32.0.7').post('/api/access-requests', accessRequest), 3_000, 'the request');
    expect(response.status).toBe(503);
    expect(response.json).toEqual(UNAVAILABLE);
  });

  it('answers 503 when no pooled connection comes free in time', async () => {
    const pool = appPool(QUICK, { max: 1 });
    const held = await pool.connect();
    try {
      const response = await new TestClient(apiWith(pool), '10.32.0.8').post('/api/access-requests', accessRequest);
      expect(response.status).toBe(503);
      expect(response.json).toEqual(UNAVAILABLE);
    } finally {
      held.release();
    }
  });
});

describe('statement time-out', () => {
  it('answers 503 (not 500) when a statement outlasts it, and the connection serves the next request', async () => {
    const pool = appPool({ statementMs: 300, connectMs: 5_000 }, { max: 1 });
    const recruiter = new TestClient(apiWith(pool), '10.32.0.9');
    const login = await recruiter.post('/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' });
    expect(login.status, login.text).toBe(200);

    const locker = await db.pools.owner.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table public.talent_pools in access exclusive mode');
      const blocked = await recruiter.get('/api/talent-pools');
      expect(blocked.status).toBe(503);
      expect(blocked.json).toEqual({ error: 'The database took too long to answer. Please try again in a moment.', code: 'database_slow', field: null });
      expect(blocked.headers.get('retry-after')).toBe('5');
    } finally {
      await locker.query('rollback');
      locker.release();
    }
    expect((await recruiter.get('/api/talent-pools')).status).toBe(200);
  });
});
