// "Request Access" is open to anyone, so each address may file only a few
// requests an hour: a flood from one address stops at 429, others still get through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.ts';
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
    expect(refused.json).toEqual({ error: 'Too many access requests from your address. Try again in 60 minute(s).', retryAfter: expect.any(Number) as unknown });
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

  it('does not count a request refused as invalid', async () => {
    const client = app.client({ ip: '198.51.100.30' });
    for (let n = 0; n < 6; n++) {
      expect((await client.post('/api/access-requests', { name: 'Eva', email: 'not-an-email' })).status).toBe(400);
    }
    expect((await client.post('/api/access-requests', request(9))).status).toBe(201);
  });
});
