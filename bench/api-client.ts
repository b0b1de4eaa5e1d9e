// Typed client benchmark: what hc<ApiType> (hono/client, the browser's client)
// costs on top of a plain fetch, for the largest answer the app asks for:
// GET /api/candidates?limit=10000. The API is served over HTTP (gzip, as in
// server.ts) in this process on a temporary embedded PostgreSQL with the demo
// users and 10,000 generated candidates. The two ways alternate request by
// request after a warm-up, so that both see the same machine.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { hc } from 'hono/client';
import type { AddressInfo } from 'node:net';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { openDatabase } from '#platform/db/pools.server.ts';
import { seedDemoData } from '#demo/demo.server.ts';
import { ensureDemoPools, generateCandidates } from '#demo/demo-candidates.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { createApi, type ApiType } from '#edge-functions/app.ts';
import { benchDatabase } from './support/database.ts';
import { signInCookie } from './support/sign-in.ts';

const CANDIDATES = 10_000;
const WARM_UP = 5;
const ROUNDS = 40;
const APP_SECRET = 'bench-api-client-app-secret';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (ms: number, digits = 1) => Number(ms.toFixed(digits));

export async function run() {
  const database = await benchDatabase('api_client', { fast: true });
  const pools = await openDatabase(database.url, APP_SECRET);
  let server: ReturnType<typeof serve> | undefined;
  let authService: Awaited<ReturnType<typeof createAuth>> | undefined;
  try {
    // The origin is known once the server listens; better-auth and the origin check need it.
    const app = new Hono();
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    authService = await createAuth({
      ownerUrl: database.url, secret: 'bench-better-auth-secret-0123456789', baseURL: baseUrl, trustedOrigins: [], secureCookies: false,
    });
    await seedDemoData(authService, pools.owner);
    await ensureDemoPools(pools.owner);
    await generateCandidates(pools.owner, { count: CANDIDATES });
    await pools.owner.query('vacuum analyze');
    const api = createApi({ pools, identity: authService.identity, config: { ...loadConfig(), publicUrl: baseUrl, appSecret: APP_SECRET }, clientIp: () => '127.0.0.1' });
    app.use('/api/*', compress());
    app.all('/api/*', (c) => api.fetch(c.req.raw));

    const cookie = await signInCookie(baseUrl);

    const url = `${baseUrl}/api/candidates?limit=${CANDIDATES}`;
    const client = hc<ApiType>(baseUrl, { headers: { cookie } });
    const ways = {
      plain: () => fetch(url, { headers: { cookie } }).then((r) => r.json() as Promise<unknown[]>),
      typed: () => client.api.candidates.$get({ query: { limit: String(CANDIDATES) } }).then((r) => r.json()),
    };
    const rows = { plain: 0, typed: 0 };
    const times: Record<keyof typeof ways, number[]> = { plain: [], typed: [] };
    for (let i = 0; i < WARM_UP; i++) for (const way of Object.values(ways)) await way();
    for (let i = 0; i < ROUNDS; i++) {
      // Alternating which goes first, so neither always follows the other.
      const order: Array<keyof typeof ways> = i % 2 ? ['typed', 'plain'] : ['plain', 'typed'];
      for (const name of order) {
        const started = performance.now();
        const answer = await ways[name]();
        times[name].push(performance.now() - started);
        rows[name] = answer.length;
      }
    }
    if (rows.plain !== CANDIDATES || rows.typed !== rows.plain) throw new Error(`unexpected answers: ${JSON.stringify(rows)}`);
    const plain = median(times.plain);
    const typed = median(times.typed);
    return {
      name: 'api-client',
      measured: `GET /api/candidates?limit=${CANDIDATES} over HTTP (gzip) in-process, ${ROUNDS} requests each way interleaved after ${WARM_UP} warm-ups; `
        + 'plain = fetch(url, { headers: { cookie } }).then(r => r.json()), typed = hc<ApiType>(...).api.candidates.$get(...).then(r => r.json())',
      rows: rows.plain,
      plain_fetch_median_ms: round(plain),
      typed_client_median_ms: round(typed),
      ratio_typed_to_plain: round(typed / plain, 3),
      target: 'ratio about 1.0',
    };
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await authService?.close();
    await pools.close();
    await database.stop();
  }
}
