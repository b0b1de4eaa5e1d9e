// What every API answer and request goes through: the security headers, the
// body limits (413 before a body is read into memory) and the Origin allowlist
// (PUBLIC_URL's origin and TRUSTED_ORIGINS, never the request's own Host).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '#edge-functions/app.ts';
import { ORIGIN } from '../support/constants.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.31.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

/** The same API on the same database, with other configuration. */
function apiWith(config: Partial<TestApp['config']>) {
  return createApi({
    pools: app.pools, identity: app.authService.identity, config: { ...app.config, ...config }, clientIp: () => '10.31.0.9',
  });
}

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()');
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('security headers', () => {
  it('are on every kind of API answer: data, errors and unknown paths', async () => {
    const answers = [
      await recruiter.get('/api/talent-pools'),
      await app.client().get('/api/talent-pools'), // 401
      await recruiter.post('/api/talent-pools', { name: '' }), // 400
      await recruiter.get('/api/no-such-route'), // 404
      await recruiter.get('/api/health'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 404, 200]);
    for (const answer of answers) {
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('include HSTS when PUBLIC_URL is https', async () => {
    const response = await apiWith({ publicUrl: 'https://talentloop.example' }).request(`${ORIGIN}/api/health`);
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('give the unsubscribe page its own policy: its stylesheet by hash, nothing else, no framing', async () => {
    const page = await app.client().get('/api/unsubscribe/000000000000000000000000');
    expect(page.status).toBe(404);
    expectSecurityHeaders(page.headers);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; frame-ancestors 'none'/);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1];
    const hash = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css))).toString('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
  });
});

describe('body limits', () => {
  it('refuse a sign-in body over 64 KB with 413, before reading it', async () => {
    const big = await app.client({ ip: '10.31.0.2' }).post('/api/auth/login', { username: 'recruiter', password: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: 'The request body is larger than 64 KB', code: 'body_too_large', params: { size: '64 KB' }, field: 'body' });
    expectSecurityHeaders(big.headers);
    // Just under the limit the body is read and judged as usual.
    const fits = await app.client({ ip: '10.31.0.3' }).post('/api/auth/login', { username: 'recruiter', password: 'x'.repeat(60_000) });
    expect(fits.status).not.toBe(413);
  });

  it('refuse a JSON body over 1 MB on other routes with 413', async () => {
    const big = await recruiter.post('/api/talent-pools', { name: 'Big', description: 'x'.repeat(1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: 'The request body is larger than 1 MB', code: 'body_too_large', params: { size: '1 MB' }, field: 'body' });
  });

  it('count a streamed body without Content-Length too', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 8 MB offered; the limit stops reading long before.
        if (sent++ < 32) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await app.api.request(`${ORIGIN}/api/access-requests`, {
      method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/json', origin: ORIGIN },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is larger than 1 MB', code: 'body_too_large', params: { size: '1 MB' }, field: 'body' });
    expect(sent).toBeLessThan(32);
  });

  it('keep the CSV upload streaming past 1 MB (it has its own cap)', async () => {
    const created = await recruiter.post('/api/imports', { mapping: { firstName: 0, lastName: 1, email: 2, notes: 3 }, emailConsent: 'none' });
    expect(created.status, created.text).toBe(201);
    const rows = Array.from({ length: 300 }, (_, i) => `Big,File${i},big.file${i}@example.com,${'n'.repeat(4000)}`);
    const csv = `firstName,lastName,email,notes\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const upload = await recruiter.send('PUT', `/api/imports/${(created.json as { id: number }).id}/file`, { body: csv, headers: { 'content-type': 'text/csv' } });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.json).toMatchObject({ status: 'completed', imported: 300 });
  });
});

describe('Origin allowlist for cookie-carrying writes', () => {
  const write = (api: ReturnType<typeof createApi>, url: string, origin: string) => api.request(url, {
    method: 'POST',
    headers: { cookie: cookieOf(recruiter), origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Origin check ${Math.random()}` }),
  });

  it('refuses an Origin that only matches the spoofed Host of the request', async () => {
    const response = await write(app.api, 'http://evil.example/api/talent-pools', 'http://evil.example');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Request refused: missing or foreign Origin header', code: 'origin_refused', field: 'origin' });
  });

  it("accepts PUBLIC_URL's origin, whatever the Host, and TRUSTED_ORIGINS", async () => {
    expect((await write(app.api, 'http://evil.example/api/talent-pools', ORIGIN)).status).toBe(201);
    const trusting = apiWith({ trustedOrigins: ['https://admin.talentloop.example'] });
    expect((await write(trusting, `${ORIGIN}/api/talent-pools`, 'https://admin.talentloop.example')).status).toBe(201);
    expect((await write(trusting, `${ORIGIN}/api/talent-pools`, 'https://other.example')).status).toBe(403);
  });
});
