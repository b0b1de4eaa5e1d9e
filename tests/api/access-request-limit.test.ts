// "Request Access" is open to anyone, so each address (an IPv6 /64) may file only a few
// requests an hour: a flood from one address stops at 429, others still get through.
// One email has one pending request, however often it is asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRequest } from '#domain/auth/schemas.ts';
import { signInAdmin, startTestApp, type TestApp } from '../support/harness.ts';
import { ACCESS_REQUESTS_PER_IP } from '#edge-functions/routes/public.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const request = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, company: 'Bureau' });
const stored = async (email: string) =>
  (await app.pools.owner.query<{ n: number }>('select count(*)::int as n from public.access_requests where email = $1', [email])).rows[0].n;

describe('POST /api/access-requests rate limit', () => {
  it('allows 5 per hour per IP, then answers 429 with Retry-After; another IP still gets through', async () => {
    expect(ACCESS_REQUESTS_PER_IP).toMatchObject({ limit: 5, windowSeconds: 3600 });
    const flooder = app.client({ ip: '198.51.100.20' });
    for (let n = 1; n <= 5; n++) {
      const filed = await flooder.post('/api/access-requests', request(n));
      expect(filed.status, `request ${n}`).toBe(201);
    }
    const refused = await flooder.post('/api/access-requests', request(6));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: 'Too many access requests from your address. Try again in 60 minute(s).', code: 'too_many_access_requests', params: { minutes: 60 }, retryAfter: expect.any(Number) as unknown });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json).toMatchObject({ retryAfter: retryAfter });
    expect(await stored('visitor6@example.com')).toBe(0);

    // Every other address, IPv4 or IPv6, has its own budget.
    const other = await app.client({ ip: '198.51.100.21' }).post('/api/access-requests', request(7));
    expect(other.status).toBe(201);
    expect(await stored('visitor7@example.com')).toBe(1);
    expect((await app.client({ ip: '2001:db8::20' }).post('/api/access-requests', request(8))).status).toBe(201);
  });

  it('counts an IPv6 client by its /64: 40 requests from its addresses stop after 5, another /64 gets through', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n++) {
      const filed = await app.client({ ip: `2001:db8:1:2::${n}` }).post('/api/access-requests', request(100 + n));
      statuses.push(filed.status);
    }
    expect(statuses).toEqual([...Array<number>(5).fill(201), ...Array<number>(35).fill(429)]);
    expect(await stored('visitor106@example.com')).toBe(0);
    expect((await app.client({ ip: '2001:db8:1:3::1' }).post('/api/access-requests', request(141))).status).toBe(201);
    expect(await stored('visitor141@example.com')).toBe(1);
  });

  it('does not count a request refused as invalid', async () => {
    const client = app.client({ ip: '198.51.100.30' });
    for (let n = 0; n < 6; n++) {
      expect((await client.post('/api/access-requests', { name: 'Eva', email: 'not-an-email' })).status).toBe(400);
    }
    expect((await client.post('/api/access-requests', request(9))).status).toBe(201);
  });
});

describe('one pending request per email', () => {
  it('30 requests for one email (from 30 addresses, in any case) leave one pending request, the first one', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n++) {
      const email = n % 2 ? 'repeat@bureau.example' : 'Repeat@Bureau.example';
      const filed = await app.client({ ip: `198.51.100.${100 + n}` }).post('/api/access-requests', { name: `Asker ${n}`, email, message: `Attempt ${n}` });
      statuses.push(filed.status);
    }
    // Every repeat gets the same answer as the first: the client learns nothing about the address.
    expect(statuses).toEqual(Array<number>(30).fill(201));

    const admin = app.client({ ip: '198.51.100.99' });
    await signInAdmin(admin);
    const { requests } = (await admin.get('/api/admin/access-requests')).json as { requests: AccessRequest[] };
    const forEmail = requests.filter((r) => r.email.toLowerCase() === 'repeat@bureau.example');
    expect(forEmail).toEqual([expect.objectContaining({ name: 'Asker 1', message: 'Attempt 1', status: 'pending' })]);

    // Once decided, the address may ask again.
    expect((await admin.patch(`/api/admin/access-requests/${forEmail[0].id}`, { status: 'rejected' })).status).toBe(200);
    expect((await app.client({ ip: '198.51.100.98' }).post('/api/access-requests', { name: 'Asker again', email: 'repeat@bureau.example' })).status).toBe(201);
    const after = ((await admin.get('/api/admin/access-requests')).json as { requests: AccessRequest[] }).requests
      .filter((r) => r.email.toLowerCase() === 'repeat@bureau.example');
    expect(after.map((r) => [r.name, r.status])).toEqual([['Asker again', 'pending'], ['Asker 1', 'rejected']]);
  });
});
