// One process, one port: PostgreSQL (embedded unless DATABASE_URL), the API,
// the Astro site and the worker. `npm start` builds the site and runs this.
// Scale-out (decision 029): N of these with WORKER=off behind a load balancer and
// M `npm run worker` on one PostgreSQL. SIGTERM drains: no new requests, the
// running ones finish (up to DRAIN_SECONDS), then the worker and the database close.
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bootPlatform, refuseToStart } from '#platform/runtime/boot.server.ts';
import { log } from '#platform/runtime/log.server.ts';
import { startHeartbeat } from '#platform/runtime/workers.server.ts';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_BASE32, DEMO_RECRUITER, findDemoUsers, seedDemoData, userCount } from '#demo/demo.server.ts';
import { checkConfiguration, demoUsersRefusal } from '#platform/runtime/startup-checks.server.ts';
import { clientIp } from '#platform/http/client-ip.server.ts';
import { createApi } from '#edge-functions/app.ts';
import { englishText } from '#domain/i18n/english.ts';
import { createCalendarPort } from '#domain/meetings/teams.server.ts';
import { NON_PAGE_CSP, securityHeaders, securityHeaderValues } from '#edge-functions/security-headers.ts';
import { startJobProducer, startWorker, type Worker } from '#worker/index.ts';
import { pageRoute, requestLog } from '#edge-functions/request-log.ts';
import { requestLanguage } from '#site/components/public/language.ts';
import { FIRST_LOAD_FILE, type FirstLoadManifest } from './build/first-load.mjs';

const started = Date.now();
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    log.error(`Refusing to start: ${(error as Error).message}`);
    process.exit(1);
  }
})();
const { refusals, warnings } = checkConfiguration(config);
if (refusals.length) {
  log.error(refusals.join('\n\n'));
  process.exit(1);
}
for (const warning of warnings) log.warn(warning);
const clientDir = path.resolve(import.meta.dirname, 'dist/client');
const serverEntry = path.resolve(import.meta.dirname, 'dist/server/entry.mjs');

const platform = await bootPlatform(config).catch(refuseToStart);
const { pools, authService, identity } = platform;
// With Supabase Auth the demo users come from supabase/seed.sql (`supabase db reset`), not from here.
const seeded = Boolean(config.seedDemoData && authService && await seedDemoData(authService, pools.owner));
// Checked after boot: whether demo users can still sign in is a question for the database.
const demoUsers = config.production && authService ? await findDemoUsers(authService.auth, pools.owner) : [];
const startProblem = demoUsers.length ? demoUsersRefusal(demoUsers)
  : !existsSync(serverEntry) ? 'The site is not built. Run `npm start` (it builds first) or `npm run build`.' : null;
if (startProblem) {
  log.error(startProblem);
  await platform.shutdown();
  process.exit(1);
}
const noUsersYet = await userCount(pools.owner) === 0;
// Every process is seen alive by the others (private.worker_heartbeats): a worker's claims and a web
// process's imports carry its id, and the sweep ends the work of a process that died.
const heartbeat = await startHeartbeat(pools.app, (line) => log.info(line));
const worker: Worker | null = config.runWorker ? await startWorker(platform.ownerUrl, pools, config, { heartbeat }) : null;
// WORKER=off: jobs still go on the queue at once, for the workers of other processes.
const producer = worker ? null : await startJobProducer(platform.ownerUrl);

type AstroHandler = (req: HttpBindings['incoming'], res: HttpBindings['outgoing'], next: () => void, locals: App.Locals) => Promise<void>;
const { handler: astroHandler } = await import(pathToFileURL(serverEntry).href) as { handler: AstroHandler };
const notFoundPage = existsSync(path.join(clientDir, '404.html')) ? readFileSync(path.join(clientDir, '404.html'), 'utf8') : 'Not found';
const pagePolicies = loadPagePolicies(path.resolve(import.meta.dirname, 'dist/_headers.json'));
if (!pagePolicies) {
  log.error('The site was built without its page policies (dist/_headers.json). Run `npm run build`.');
  await worker?.stop();
  await producer?.stop();
  await heartbeat.stop();
  await platform.shutdown();
  process.exit(1);
}
// The /app page preloads its first-load files from the build's module graph (build/first-load.mjs, decision 044).
const firstLoadFile = path.resolve(import.meta.dirname, 'dist', FIRST_LOAD_FILE);
const firstLoad = existsSync(firstLoadFile) ? JSON.parse(readFileSync(firstLoadFile, 'utf8')) as FirstLoadManifest : undefined;
if (!firstLoad) log.warn(`The site was built without ${FIRST_LOAD_FILE}: /app pages load without preloads. Run \`npm run build\`.`);
const notFoundPolicy = pagePolicies.get(path.join(clientDir, '404.html')) ?? NON_PAGE_CSP;
// The Dutch 404 (site/pages/nl/404.astro) for a visitor whose browser prefers Dutch.
const dutchNotFound = path.join(clientDir, 'nl/404.html');
const notFound = {
  en: { html: notFoundPage, policy: notFoundPolicy },
  nl: existsSync(dutchNotFound)
    ? { html: readFileSync(dutchNotFound, 'utf8'), policy: pagePolicies.get(dutchNotFound) ?? NON_PAGE_CSP }
    : { html: notFoundPage, policy: notFoundPolicy },
};

/**
 * Each prerendered page's Content-Security-Policy (the hashes of its scripts and
 * styles), written by the build next to dist/client; keyed by the page's file.
 */
function loadPagePolicies(file: string): Map<string, string> | null {
  if (!existsSync(file)) return null;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[];
  return new Map(entries.flatMap(({ pathname, headers }) => {
    const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    const page = path.join(clientDir, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
    return csp ? [[page, csp.value] as const] : [];
  }));
}
const withPagePolicy = (found: string, c: Context) => {
  const csp = pagePolicies.get(path.resolve(found));
  if (csp) c.header('Content-Security-Policy', csp);
};

const api = createApi({
  pools,
  identity,
  config,
  clientIp: (c) => clientIp(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), config.trustProxy),
  jobs: worker?.jobs ?? producer?.jobs,
  calendar: createCalendarPort(config),
  checkQueue: worker ? () => worker.boss.getQueues() : undefined,
  logger: log,
  processId: heartbeat.identity.id,
});

/** Paths handed to the API, which logs them itself (by their route, never their token). */
const forwardedToApi = (p: string) => p.startsWith('/api/') || p.startsWith('/unsubscribe/') || p.startsWith('/privacy/') || /^\/t\/[oc]\//.test(p);

type ServerEnv = { Bindings: HttpBindings; Variables: { requestId?: string } };
const app = new Hono<ServerEnv>();
// While draining, new requests are turned away (a load balancer sends them elsewhere). The drain counts requests
// until their response has left (server.on('request') below), not until the handler returns: the body is written
// after that, and closing connections in between cut the last answers off.
let inFlight = 0;
let draining = false;
app.use('*', async (c, next) => {
  if (draining) return c.json({ error: englishText('server_restarting'), code: 'server_restarting', field: null }, 503, { 'Retry-After': '1', Connection: 'close' });
  await next();
});
app.use('*', requestLog<ServerEnv>(log, {
  route: (c) => pageRoute(c.req.path),
  skip: (c) => forwardedToApi(c.req.path),
  // The /app shell and the booking page are written by Astro straight to the socket: their status is the socket's.
  written: (c) => (c.env.outgoing.headersSent ? c.env.outgoing.statusCode : null),
}));
// Astro writes its pages straight to the socket: the request id goes there before it does.
app.use('*', async (c, next) => {
  if (c.var.requestId && !forwardedToApi(c.req.path)) c.env.outgoing.setHeader('X-Request-Id', c.var.requestId);
  await next();
});
// Every response: API, pages, static files, 404s. The /app shell is written by
// Astro straight to the socket, so it gets them below, before Astro writes.
app.use('*', securityHeaders(config.publicUrl));
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
// The "Your data" link in every email: the candidate's privacy page, and the renewal email's keep-informed step
// (edge-functions/routes/privacy.ts). Always the page: its forms POST to /api/public/privacy/….
const privacyPage = (c: Context<ServerEnv>, step: string) => {
  const url = new URL(c.req.url);
  url.pathname = `/api/public/privacy/${encodeURIComponent(c.req.param('token') ?? '')}${step}`;
  const headers = new Headers(c.req.raw.headers);
  headers.set('accept', 'text/html');
  return api.fetch(new Request(url, { headers }), c.env);
};
app.get('/privacy/:token', (c) => privacyPage(c, ''));
app.get('/privacy/:token/keep-informed', (c) => privacyPage(c, '/keep-informed'));
// The open pixel and the tracked links in every email (edge-functions/routes/tracking.ts).
app.get('/t/:kind{[oc]}/:token', (c) => {
  const url = new URL(c.req.url);
  url.pathname = `/api/t/${c.req.param('kind')}/${encodeURIComponent(c.req.param('token'))}`;
  return api.fetch(new Request(url, { headers: c.req.raw.headers }), c.env);
});
app.use('/_astro/*', compress(), serveStatic({
  root: path.relative(process.cwd(), clientDir),
  onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
}));
// Public pages in the visitor's language (Accept-Language, decision 024): the Dutch ones are
// prerendered under /nl (site/pages/nl/; nl/index.astro builds to nl.html); a page without a
// Dutch version stays English.
const dutchPages = serveStatic<ServerEnv>({
  root: path.relative(process.cwd(), clientDir),
  rewriteRequestPath: (p) => `/nl${p === '/' ? '' : p.replace(/\/$/, '')}.html`,
  onFound: withPagePolicy,
});
app.use('*', compress(), async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  if (!/\.[a-z0-9]+$/i.test(c.req.path)) c.header('Vary', 'Accept-Language', { append: true });
  return requestLanguage(c.req.raw.headers) === 'nl' ? dutchPages(c, next) : next();
});
// Prerendered pages and public files (middleware mode serves neither itself).
app.use('*', compress(), serveStatic({ root: path.relative(process.cwd(), clientDir), onFound: withPagePolicy }));
app.use('*', serveStatic({
  root: path.relative(process.cwd(), clientDir),
  rewriteRequestPath: (p) => `${p.replace(/\/$/, '')}.html`,
  onFound: withPagePolicy,
}));
const shellHeaders = Object.entries({ ...securityHeaderValues(config.publicUrl), 'Content-Security-Policy': NON_PAGE_CSP });
app.all('*', compress(), async (c) => {
  let passedOn = false;
  // Astro's page sets its own Content-Security-Policy (hashes and a style nonce), which replaces this one.
  for (const [name, value] of shellHeaders) c.env.outgoing.setHeader(name, value);
  // Server-rendered pages that show API data (the booking page) read it in-process, as this request (its client
  // address counts for the API's rate limits).
  const locals: App.Locals = {
    apiGet: async (apiPath) => api.fetch(new Request(new URL(apiPath, c.req.url), { headers: c.req.raw.headers }), c.env),
    firstLoad,
  };
  await astroHandler(c.env.incoming, c.env.outgoing, () => { passedOn = true; }, locals);
  if (passedOn) {
    const { html, policy } = notFound[requestLanguage(c.req.raw.headers)];
    return c.html(html, 404, { 'Content-Security-Policy': policy, Vary: 'Accept-Language' });
  }
  return RESPONSE_ALREADY_SENT;
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
  const url = config.publicUrl;
  log.info([
    '',
    `Talentloop is running: ${url}  (ready in ${Date.now() - started} ms)`,
    `Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`}` +
      (seeded ? ' (demo data loaded)' : ''),
    `Worker: ${worker ? 'running in this process' : 'off (WORKER=off)'}`,
    '',
    ...noUsersYet ? ['No users yet: create the first admin with `npm run create-admin`.', '']
      : config.seedDemoData ? [
        'Demo sign-ins:',
        `  ${DEMO_RECRUITER.username} / ${DEMO_RECRUITER.password}`,
        `  ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}  (two-factor: TOTP secret ${DEMO_ADMIN_TOTP_BASE32}, backup code ${DEMO_ADMIN.backupCodes[0]})`,
        '',
      ] : [],
    'Ctrl-C stops the server and the database.',
  ].join('\n'), { process: 'web', worker: Boolean(worker), processId: heartbeat.identity.id });
});

// Each request counts for the drain until its response has been sent, or its connection has closed.
server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
  inFlight++;
  response.once('close', () => { inFlight--; });
});

/** Waits until the requests in progress have answered, or `seconds` have passed; says which. */
async function drainRequests(seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (inFlight > 0 && Date.now() < deadline) {
    // Keep-alive connections that went idle would hold close() open: they carry no request.
    (server as { closeIdleConnections?(): void }).closeIdleConnections?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return inFlight === 0;
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  draining = true;
  log.info(`${signal}: draining`, { process: 'web', inFlight, drainSeconds: config.drainSeconds });
  server.close();
  const drained = await drainRequests(config.drainSeconds);
  if (!drained) log.warn('requests still running at the end of the drain', { inFlight });
  (server as { closeAllConnections?(): void }).closeAllConnections?.();
  await worker?.stop({ drainSeconds: config.drainSeconds }).catch(() => undefined);
  await producer?.stop().catch(() => undefined);
  await heartbeat.stop().catch(() => undefined);
  await platform.shutdown();
  log.info('Stopped.', { process: 'web' });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
