// The security headers as a browser gets them from `node server.ts`: on every
// kind of answer (prerendered page, the /app shell, a static file, API JSON,
// the 404 page, the unsubscribe and privacy pages), and with an https PUBLIC_URL, HSTS and
// `__Host-` cookies. Needs the built site (`npm run build`), like `npm start`.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, overHttp, signInRecruiter, TestClient, type TestDatabase } from '../support/harness.ts';
import { assertBuilt, ROOT, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { budget } from '../support/time-scale.ts';

const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

let db: TestDatabase;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-headers-'));
const running: RunningServer[] = [];

beforeAll(async () => {
  assertBuilt();
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.allSettled(running.map((server) => server.stop()));
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo recruiter's cookies on this server, as a Cookie header: /app answers a signed-out visitor with a 302 (decision 044). */
async function signedIn(server: RunningServer): Promise<string> {
  const browser = new TestClient(overHttp(server.url), '127.0.0.1');
  await signInRecruiter(browser);
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** `node server.ts` on the test database, stopped after the file. */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServerProcess({ databaseUrl: db.ownerUrl, dataDir, env: () => env });
  running.push(server);
  return server;
}

function expectCommonHeaders(response: Response, what: string) {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy'), what).toBe('camera=(), microphone=(), geolocation=(), payment=()');
  expect(response.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
}

/** A page policy: scripts and styles only from us or by hash, nothing inline else, no plugins, no framing. */
function expectStrictPagePolicy(policy: string, what: string) {
  const directives = new Map(policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name, values] as const;
  }));
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  for (const name of ['script-src', 'style-src']) {
    const values = directives.get(name) ?? [];
    expect(values[0], `${what} ${name}`).toBe("'self'");
    for (const value of values.slice(1)) expect(value, `${what} ${name}`).toMatch(/^'(sha256-[A-Za-z0-9+/]+=*|nonce-[A-Za-z0-9]+)'$/);
  }
  expect(policy, what).not.toContain('unsafe-inline');
  expect(policy, what).not.toContain('unsafe-eval');
}

describe('node server.ts over http', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer({}); }, budget(60_000));

  it('sends the security headers on every kind of answer', async () => {
    const cookie = await signedIn(server);
    const get = (pathname: string, signedInAs?: string) =>
      fetch(`${server.url}${pathname}`, { redirect: 'manual', headers: signedInAs ? { cookie: signedInAs } : {} });

    const landing = await get('/');
    expect(landing.status).toBe(200);
    expectCommonHeaders(landing, '/');
    expectStrictPagePolicy(landing.headers.get('content-security-policy')!, '/');
    // Its style="…" attributes are allowed one by one, by hash.
    expect(landing.headers.get('content-security-policy')).toMatch(/style-src-attr 'unsafe-hashes'( 'sha256-[^']+')+/);

    const login = await get('/login');
    expectCommonHeaders(login, '/login');
    expectStrictPagePolicy(login.headers.get('content-security-policy')!, '/login');

    // Signed out, the shell sends the visitor to sign in, with the same headers.
    const signedOut = await get('/app/people');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/login?next=%2Fapp%2Fpeople');
    expectCommonHeaders(signedOut, '/app signed out');

    const shell = await get('/app/people', cookie);
    expect(shell.status).toBe(200);
    expectCommonHeaders(shell, '/app');
    const shellPolicy = shell.headers.get('content-security-policy')!;
    expectStrictPagePolicy(shellPolicy, '/app');
    // Mantine's run-time <style> elements get this response's nonce (a new one per response).
    const nonce = /style-src [^;]*'nonce-([A-Za-z0-9]+)'/.exec(shellPolicy)?.[1];
    expect(nonce).toBeTruthy();
    expect(await shell.text()).toContain(nonce);
    const again = (await get('/app', cookie)).headers.get('content-security-policy')!;
    expect(/'nonce-([A-Za-z0-9]+)'/.exec(again)?.[1]).not.toBe(nonce);

    const asset = readdirSync(path.join(ROOT, 'dist/client/_astro')).find((name) => name.endsWith('.js'))!;
    for (const file of [`/_astro/${asset}`, '/favicon.svg']) {
      const response = await get(file);
      expect(response.status, file).toBe(200);
      expectCommonHeaders(response, file);
      expect(response.headers.get('content-security-policy'), file).toBe(NON_PAGE_CSP);
    }

    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', queue: 'off' });
    expectCommonHeaders(health, '/api/health');
    expect(health.headers.get('content-security-policy')).toBe(NON_PAGE_CSP);

    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing, '404');
    expectStrictPagePolicy(missing.headers.get('content-security-policy')!, '404');

    const unsubscribe = await get('/unsubscribe/000000000000000000000000');
    expect(unsubscribe.status).toBe(404);
    expect(await unsubscribe.text()).toContain('This link is not valid');
    expectCommonHeaders(unsubscribe, '/unsubscribe');
    expect(unsubscribe.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);

    // The privacy page and its keep-informed step: always a page at these addresses, whatever the request accepts.
    for (const address of ['/privacy/000000000000000000000000', '/privacy/000000000000000000000000/keep-informed']) {
      const privacy = await get(address);
      expect(privacy.status, address).toBe(404);
      expect(privacy.headers.get('content-type'), address).toMatch(/^text\/html/);
      expect(await privacy.text(), address).toContain('This link is not valid');
      expectCommonHeaders(privacy, address);
      expect(privacy.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);
      expect(privacy.headers.get('cache-control')).toBe('no-store');
    }

    for (const response of [landing, shell, health, missing]) expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('compression', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer({}); }, budget(60_000));

  it('sends every page gzip-compressed to a browser that accepts it, and plain to one that does not', async () => {
    // fetch() unpacks gzip by itself: the header says how the page came, the text that it came whole.
    const pages = [
      { path: '/', says: 'Talentloop' }, { path: '/app/people', says: '<astro-island' },
      { path: '/book/not-a-real-link', says: '<html' }, { path: '/no-such-page', says: '<html' },
    ];
    const cookie = await signedIn(server);
    for (const { path: pathname, says } of pages) {
      const packed = await fetch(`${server.url}${pathname}`, { headers: { 'accept-encoding': 'gzip', cookie } });
      expect(packed.headers.get('content-encoding'), pathname).toBe('gzip');
      expect(packed.headers.get('vary'), pathname).toMatch(/accept-encoding/i);
      expect(await packed.text(), pathname).toContain(says);
      const plain = await fetch(`${server.url}${pathname}`, { headers: { 'accept-encoding': 'identity', cookie } });
      expect(plain.headers.get('content-encoding'), pathname).toBeNull();
      expect(await plain.text(), pathname).toContain(says);
    }
  });
});

describe('node server.ts with an https PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://talentloop.example';
  let server: RunningServer;
  beforeAll(async () => { server = await startServer({ PUBLIC_URL }); }, budget(60_000));

  it('sends HSTS on every answer', async () => {
    for (const pathname of ['/', '/app', '/favicon.svg', '/api/health', '/no-such-page']) {
      const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
      expect(response.headers.get('strict-transport-security'), pathname).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('signs in with a __Host- session cookie that is Secure, for the whole site, and works', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ username: 'recruiter', password: 'recruiter-demo-password' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookies = login.headers.getSetCookie();
    const sessionCookie = cookies.find((cookie) => cookie.includes('.session_token='));
    expect(sessionCookie).toMatch(/^__Host-talentloop\.session_token=/);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      // Every cookie for the whole site is __Host- (a cookie for one path cannot be).
      if (/;\s*Path=\/(;|$)/i.test(cookie)) expect(cookie).toMatch(/^__Host-/);
    }
    const session = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { username: 'recruiter' } });
  });

  it('keeps a half-finished two-factor sign-in in a __Host- cookie too', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ username: 'admin', password: 'admin-demo-password' }),
    });
    expect(await login.json()).toMatchObject({ requiresTwoFactor: true });
    const pending = login.headers.getSetCookie().find((cookie) => cookie.includes('.two_factor='));
    expect(pending).toMatch(/^__Host-talentloop\.two_factor=.*;\s*Secure/i);
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: pending!.split(';')[0] } });
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ requiresTwoFactor: true });
  });
});
