// One process, one port: PostgreSQL (embedded unless DATABASE_URL), the API,
// the Astro site and the worker. `npm start` builds the site and runs this.
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './domain/config.ts';
import { bootPlatform } from './domain/boot.ts';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_BASE32, DEMO_RECRUITER, seedDemoData } from './domain/demo.ts';
import { createApi } from './edge-functions/app.ts';
import { startWorker, type Worker } from './worker/index.ts';

const started = Date.now();
const config = loadConfig();
const clientDir = path.resolve(import.meta.dirname, 'dist/client');
const serverEntry = path.resolve(import.meta.dirname, 'dist/server/entry.mjs');
if (!existsSync(serverEntry)) {
  console.error('The site is not built. Run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

const platform = await bootPlatform(config);
const { pools, authService } = platform;
const seeded = config.seedDemoData && await seedDemoData(authService.auth, pools.owner);
const worker: Worker | null = config.runWorker ? await startWorker(platform.ownerUrl, pools, console.log, config) : null;

type AstroHandler = (req: HttpBindings['incoming'], res: HttpBindings['outgoing'], next: () => void) => Promise<void>;
const { handler: astroHandler } = await import(pathToFileURL(serverEntry).href) as { handler: AstroHandler };
const notFoundPage = existsSync(path.join(clientDir, '404.html')) ? readFileSync(path.join(clientDir, '404.html'), 'utf8') : 'Not found';

const api = createApi({
  pools,
  auth: authService.auth,
  config,
  clientIp: (c) => getConnInfo(c).remote.address ?? 'unknown',
  jobs: worker?.jobs,
});

const app = new Hono<{ Bindings: HttpBindings }>();
app.use('/api/*', compress());
// Handed over whole (not mounted with app.route) so the API's own JSON 404 applies.
app.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
// The visible unsubscribe link in every email: a confirmation page whose button
// POSTs (link scanners that follow GETs must not unsubscribe anyone).
app.get('/unsubscribe/:token', (c) => {
  const url = new URL(c.req.url);
  url.pathname = `/api/unsubscribe/${encodeURIComponent(c.req.param('token'))}`;
  return api.fetch(new Request(url, { headers: c.req.raw.headers }), c.env);
});
app.use('/_astro/*', compress(), serveStatic({
  root: path.relative(process.cwd(), clientDir),
  onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
}));
// Prerendered pages and public files (middleware mode serves neither itself).
app.use('*', compress(), serveStatic({ root: path.relative(process.cwd(), clientDir) }));
app.use('*', serveStatic({ root: path.relative(process.cwd(), clientDir), rewriteRequestPath: (p) => `${p.replace(/\/$/, '')}.html` }));
app.all('*', async (c) => {
  let passedOn = false;
  await astroHandler(c.env.incoming, c.env.outgoing, () => { passedOn = true; });
  if (passedOn) return c.html(notFoundPage, 404);
  return RESPONSE_ALREADY_SENT;
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
  const url = config.publicUrl;
  console.log([
    '',
    `Talentloop is running: ${url}  (ready in ${Date.now() - started} ms)`,
    `Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`}` +
      (seeded ? ' (demo data loaded)' : ''),
    `Worker: ${worker ? 'running in this process' : 'off (WORKER=off)'}`,
    '',
    'Demo sign-ins:',
    `  ${DEMO_RECRUITER.username} / ${DEMO_RECRUITER.password}`,
    `  ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}  (two-factor: TOTP secret ${DEMO_ADMIN_TOTP_BASE32}, backup code ${DEMO_ADMIN.backupCodes[0]})`,
    '',
    'Ctrl-C stops the server and the database.',
  ].join('\n'));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  server.close();
  await worker?.stop().catch(() => undefined);
  await platform.shutdown();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
