// Per test file: a fresh database cloned from the template, the real API app
// on it, and a small client that keeps cookies like a browser.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import * as OTPAuth from 'otpauth';
import { openDatabase, type DbTimeouts, type Pools } from '#platform/db/pools.server.ts';
import { createAuth, type AuthService } from '#platform/auth/better-auth.server.ts';
import type { IdentityProvider } from '#platform/auth/identity.server.ts';
import { supabaseIdentityFor } from '#platform/auth/supabase/identity.server.ts';
import { startFakeGoTrue, type FakeGoTrue, type FakeGoTrueOptions } from './fake-gotrue.ts';
import { loadConfig, type Config } from '#platform/runtime/config.server.ts';
import type { CalendarPort } from '#domain/meetings/calendar-port.ts';
import type { JobQueue } from '#platform/runtime/jobs.server.ts';
import { createApi, type ApiType } from '#edge-functions/app.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { DEMO_ADMIN_TOTP_BASE32 } from '#demo/demo.server.ts';
import { TEMPLATE_DB, TEST_SECRET, AUTH_SECRET, ORIGIN } from './constants.ts';

export interface TestDatabase {
  ownerUrl: string;
  pools: Pools;
  /** The app pool's login role when it is not talentloop_app (tests/db/supabase-shaped.test.ts). */
  appRole?: string;
  drop(): Promise<void>;
}

/** `timeouts`: the pools' limits (DB_* of the environment unless given). */
export async function createTestDatabase(timeouts?: DbTimeouts): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { migrations: _migrations, ...pools } = await openDatabase(url.toString(), TEST_SECRET, undefined, timeouts);
  return {
    ownerUrl: url.toString(),
    pools,
    async drop() {
      await pools.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp extends TestDatabase {
  api: ApiType;
  config: Config;
  /** better-auth (tests that enrol a known TOTP secret reach into it); the API's provider is `identity`. */
  authService: AuthService;
  /** Who signs people in for this app: better-auth, or Supabase Auth at `gotrue`. */
  identity: IdentityProvider;
  /** The fake Supabase Auth behind a `provider: 'supabase'` app. */
  gotrue: FakeGoTrue | null;
  client(options?: { ip?: string }): TestClient;
  close(): Promise<void>;
}

export type Provider = 'better-auth' | 'supabase';

/**
 * `config` overrides parts of the configuration; `jobs` is the queue the API hands work to (see startWorker);
 * `provider: 'supabase'` signs people in with Supabase Auth, a fake GoTrue on 127.0.0.1.
 */
export async function startTestApp(options: { config?: Partial<Config>; jobs?: JobQueue; calendar?: CalendarPort | null;
  provider?: Provider; gotrue?: FakeGoTrueOptions; timeouts?: DbTimeouts } = {}): Promise<TestApp> {
  const db = await createTestDatabase(options.timeouts);
  const gotrue = options.provider === 'supabase' ? await startFakeGoTrue(options.gotrue) : null;
  const supabase = gotrue?.config ?? null;
  // Every answer a test gets is checked against its route's schema (contract.ts).
  const config = { ...loadConfig(), publicUrl: ORIGIN, appSecret: TEST_SECRET, checkApiResponses: true, supabase, ...options.config };
  const authService = await createAuth({
    ownerUrl: db.ownerUrl, secret: AUTH_SECRET, baseURL: config.publicUrl, trustedOrigins: config.trustedOrigins,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  const identity = supabase ? supabaseIdentityFor({ ...config, supabase }, db.pools.owner, TEST_SECRET) : authService.identity;
  const api = createApi({
    pools: db.pools,
    identity,
    config,
    // The tests stand in for different clients by this header.
    clientIp: (c) => c.req.header('x-test-client-ip') ?? '127.0.0.1',
    jobs: options.jobs,
    calendar: options.calendar ?? null,
  });
  return {
    ...db,
    api,
    config,
    authService,
    identity,
    gotrue,
    client: (options) => new TestClient(api, options?.ip ?? '127.0.0.1', db.pools.owner),
    async close() {
      await authService.close();
      await gotrue?.close();
      await db.drop();
    },
  };
}

export interface TestAppWithWorker extends TestApp {
  worker: Worker;
}

/**
 * A test app whose API hands its jobs to a worker in this process, as server.ts does; close() stops
 * both. (Tests that kill and restart workers start their own.)
 */
export async function startAppWithWorker(options: { config?: Partial<Config>; calendar?: CalendarPort | null } = {}): Promise<TestAppWithWorker> {
  // The worker starts after the app, on its database; the API queues nothing before that.
  const started: { worker?: Worker } = {};
  const app = await startTestApp({ ...options, jobs: { send: (queue, jobs) => started.worker!.jobs.send(queue, jobs) } });
  const worker = await startWorker(app.ownerUrl, app.pools, app.config);
  started.worker = worker;
  return {
    ...app,
    worker,
    async close() {
      await worker.stop();
      await app.close();
    },
  };
}

export interface SendOptions {
  body?: unknown;
  origin?: string | null;
  headers?: Record<string, string>;
}

/** What TestClient's get/post/patch/delete answer. */
export interface TestResponse {
  status: number;
  headers: Headers;
  /**
   * The parsed body (null for an empty or non-JSON one). Its shape is what the test asserts, so it
   * is not assumed here: a test that reads fields names the type it expects (the domain's schema types).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: each test states the shape it reads
  json: any;
  text: string;
}

/** What a TestClient talks to: the API in this process (ApiType), or a server process over HTTP (overHttp). */
export interface Requester {
  request(url: string, init: RequestInit): Response | Promise<Response>;
}

/** A server process at `baseUrl` (e.g. tests/support/server-process.ts), reached over HTTP by a TestClient. */
export function overHttp(baseUrl: string): Requester {
  return {
    request: (url, init) => {
      const { pathname, search } = new URL(url);
      return fetch(`${baseUrl}${pathname}${search}`, { ...init, redirect: 'manual' });
    },
  };
}

/** Talks to the API the way a browser on our origin does, cookies included. */
export class TestClient {
  cookies = new Map<string, string>();
  private api: Requester;
  private ip: string;
  /** The test database's owner pool (see signInAdmin). */
  readonly owner?: pg.Pool;

  constructor(api: Requester, ip: string, owner?: pg.Pool) {
    this.api = api;
    this.ip = ip;
    this.owner = owner;
  }

  async send(method: string, path: string, options: SendOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { 'x-test-client-ip': this.ip, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.api.request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: parseJson(text), text };
  }

  get(path: string, options?: SendOptions) { return this.send('GET', path, options); }
  post(path: string, body?: unknown, options?: SendOptions) { return this.send('POST', path, { ...options, body }); }
  patch(path: string, body?: unknown, options?: SendOptions) { return this.send('PATCH', path, { ...options, body }); }
  delete(path: string, options?: SendOptions) { return this.send('DELETE', path, options); }
}

/** The parsed body, or null for an empty or non-JSON one. */
function parseJson(text: string): unknown {
  try { return text ? JSON.parse(text) : null; } catch { return null; }
}

/** The current code of the demo admin's authenticator. */
export function demoAdminTotp(offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_BASE32), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

export async function signInRecruiter(client: TestClient) {
  const response = await client.post('/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' });
  if (response.status !== 200) throw new Error(`recruiter sign-in failed: ${response.status} ${response.text}`);
}

export async function signInAdmin(client: TestClient) {
  const first = await client.post('/api/auth/login', { username: 'admin', password: 'admin-demo-password' });
  if (!(first.json as { requiresTwoFactor?: boolean } | null)?.requiresTwoFactor) throw new Error(`admin sign-in did not ask for 2FA: ${first.text}`);
  // A TOTP code works once (tests/api/auth.test.ts proves it). Tests sign the demo admin in
  // many times a minute, so the used time step is forgotten first.
  await client.owner?.query(`delete from private.totp_used_steps
    where user_id = (select id from public.profiles where username = 'admin')`);
  const second = await client.post('/api/auth/verify-2fa', { code: demoAdminTotp() });
  if (second.status !== 200) throw new Error(`admin 2FA failed: ${second.status} ${second.text}`);
}
