// Bundle size benchmark: the JavaScript each page really loads. Builds the
// site once (`npm run build`), starts `node server.ts` on a fresh data folder
// and free ports, and opens every route in Debian Chromium, a new browser
// context each (empty cache), recording the script files it loads until the
// network is idle: the public pages signed out, /app/* as the demo recruiter
// (/app/admin as the demo admin). Sizes are the built files in dist/client,
// raw and gzipped (zlib level 9), so they do not depend on how the server
// compresses; how the pages are split into chunks does not matter either.
// An /app route's first load (issue 31, decision 044) is what its HTML names
// (scripts, the island's component and renderer, module preloads) and their
// static imports, by the build's module graph (dist/first-load.json): what the
// browser must fetch before the page runs, whatever the network does later.
// Holds /tmp/e2e.lock from the build to the end (dist/ is shared).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_BASE32, DEMO_RECRUITER } from '#demo/demo.server.ts';
import { startBenchServer } from './candidates-list.ts';
import { holdE2eLock } from './support/e2e-lock.ts';
import { freePort } from '#platform/runtime/ports.server.ts';
import { FIRST_LOAD_FILE, roundTrips, staticClosure, type FirstLoadManifest } from '../build/first-load.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-sync', '--disable-dev-shm-usage'];

type Visitor = 'signed out' | 'recruiter' | 'admin';
const ROUTES: Array<[string, Visitor]> = [
  ['/', 'signed out'], ['/login', 'signed out'], ['/request-access', 'signed out'],
  ['/app', 'recruiter'], ['/app/people', 'recruiter'], ['/app/communications', 'recruiter'], ['/app/meetings', 'recruiter'],
  ['/app/settings', 'recruiter'], ['/app/admin', 'admin'], ['/app/theme-demo', 'recruiter'], ['/app/meeting-booking', 'recruiter'],
];
/** How many of the largest script files the figures list. */
const LARGEST = 10;
/** The goal for /app's first load, gzip bytes (issue 31). */
const FIRST_LOAD_BUDGET = 170_000;

interface ScriptFile { file: string; raw: number; gzip: number }

function npmRunBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}:\n${output.slice(-4000)}`))));
  });
}

const shortName = (pathname: string) => pathname.replace(/^\/_astro\//, '');

const sizes = new Map<string, ScriptFile>();
/** The built file behind a script URL of our origin, raw and gzipped at level 9. */
function sizeOf(pathname: string, served: () => Promise<Buffer>): Promise<ScriptFile> {
  const known = sizes.get(pathname);
  if (known) return Promise.resolve(known);
  const file = path.join(CLIENT_DIR, decodeURIComponent(pathname));
  const bytes = file.startsWith(CLIENT_DIR + path.sep) && existsSync(file) ? Promise.resolve(readFileSync(file)) : served();
  return bytes.then((body) => {
    const size = { file: pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    sizes.set(pathname, size);
    return size;
  });
}

/** Opens one route in a context of its own and lists the script files it loaded until the network was idle. */
async function measureRoute(context: BrowserContext, baseUrl: string, route: string) {
  const page = await context.newPage();
  const loads: Array<Promise<ScriptFile>> = [];
  const failures: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(url.pathname)
      || /javascript/.test(response.headers()['content-type'] ?? '');
    if (url.origin !== baseUrl || !isScript) return;
    if (response.status() !== 200) failures.push(`${url.pathname} answered ${response.status()}`);
    else loads.push(sizeOf(url.pathname, () => response.body()));
  });
  let sessionRequests = 0;
  page.on('request', (request) => { if (new URL(request.url()).pathname === '/api/auth/me') sessionRequests += 1; });
  const response = await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
  const html = response ? await response.text() : '';
  if (failures.length) throw new Error(`${route}: ${failures.join('; ')}`);
  const landed = new URL(page.url()).pathname;
  if (landed !== route) throw new Error(`${route} went to ${landed}: not signed in, or the route moved`);
  const inlineScriptChars = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')]
    .filter((s) => !s.getAttribute('type') || /module|javascript/.test(s.getAttribute('type')!))
    .reduce((sum, s) => sum + (s.textContent?.length ?? 0), 0));
  const files = [...new Map((await Promise.all(loads)).map((f) => [f.file, f])).values()].sort((a, b) => b.gzip - a.gzip);
  // What the HTML itself names, as served (scripts add preload links of their own later): script files, the
  // island's component and renderer, module preloads.
  const inHtml = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|\s(?:component|renderer)-url="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)]
    .map((match) => new URL(match[1] ?? match[2] ?? match[3], baseUrl).pathname);
  await page.close();
  return {
    sessionRequests,
    inHtml: [...new Set(inHtml)],
    files: files.length,
    rawBytes: files.reduce((sum, f) => sum + f.raw, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzip, 0),
    inlineScriptChars,
    /** Largest first. */
    scripts: files,
  };
}

/** A browser context signed in through the API (the context keeps the cookies). */
async function signedInContext(browser: Browser, baseUrl: string, who: Visitor): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (who === 'signed out') return context;
  const user = who === 'admin' ? DEMO_ADMIN : DEMO_RECRUITER;
  const headers = { origin: baseUrl };
  const login = await context.request.post(`${baseUrl}/api/auth/login`, { headers, data: { username: user.username, password: user.password } });
  if (login.status() !== 200) throw new Error(`${who} sign-in: ${login.status()} ${await login.text()}`);
  if ((await login.json() as { requiresTwoFactor?: boolean }).requiresTwoFactor) {
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_BASE32) }).generate();
    const verified = await context.request.post(`${baseUrl}/api/auth/verify-2fa`, { headers, data: { code } });
    if (verified.status() !== 200) throw new Error(`${who} two-factor: ${verified.status()} ${await verified.text()}`);
  }
  return context;
}

/**
 * The measure of an /app route: the files its HTML names and their static imports (the build's
 * graph), how many round trips after the HTML they take, and what the page loaded later (lazily).
 */
function firstLoadOf(manifest: FirstLoadManifest, measured: Awaited<ReturnType<typeof measureRoute>>) {
  const files = staticClosure(manifest.graph, measured.inHtml);
  const inClosure = new Set(files);
  const sized = files.map((file) => sizes.get(file) ?? { file, raw: readFileSync(path.join(CLIENT_DIR, file)).length,
    gzip: gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length });
  const later = measured.scripts.filter((f) => !inClosure.has(f.file));
  return {
    files: files.length,
    gzipBytes: sized.reduce((sum, f) => sum + f.gzip, 0),
    preloaded: measured.inHtml.length,
    roundTrips: roundTrips(manifest.graph, measured.inHtml),
    sessionRequests: measured.sessionRequests,
    lazyAfterwards: { files: later.length, gzipBytes: later.reduce((sum, f) => sum + f.gzip, 0) },
    largest: sized.sort((a, b) => b.gzip - a.gzip).slice(0, 5).map((f) => `${shortName(f.file)} ${f.gzip}`),
  };
}

export async function run() {
  const lock = await holdE2eLock((line) => console.error(line));
  try {
    const buildStarted = performance.now();
    await npmRunBuild();
    const buildSeconds = Number(((performance.now() - buildStarted) / 1000).toFixed(1));
    const server = await startBenchServer('bundle', await freePort(), await freePort());
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      // The admin signs in once (a TOTP code works once): one context for all of the admin's routes.
      const contexts = new Map<Visitor, BrowserContext>();
      const routes: Record<string, Awaited<ReturnType<typeof measureRoute>>> = {};
      const usedBy = new Map<string, string[]>();
      for (const [route, who] of ROUTES) {
        // A fresh context per route (empty cache) with the visitor's cookies.
        if (!contexts.has(who)) contexts.set(who, await signedInContext(browser, server.url, who));
        const state = await contexts.get(who)!.storageState();
        const context = await browser.newContext({ storageState: state });
        try {
          routes[route] = await measureRoute(context, server.url, route);
        } finally {
          await context.close();
        }
        for (const { file } of routes[route].scripts) usedBy.set(file, [...usedBy.get(file) ?? [], route]);
      }
      // The candidate's booking page, signed out, on a link the demo recruiter makes (budget: 60 KB gzip).
      const recruiter = contexts.get('recruiter')!;
      const [candidate] = await (await recruiter.request.get(`${server.url}/api/candidates?limit=1&fields=id`)).json() as Array<{ id: number }>;
      const link = await (await recruiter.request.post(`${server.url}/api/booking-links`, {
        data: { candidateId: candidate.id }, headers: { origin: server.url } })).json() as { token: string };
      const bookingContext = await browser.newContext();
      try {
        routes['/book/{token}'] = await measureRoute(bookingContext, server.url, `/book/${link.token}`);
      } finally {
        await bookingContext.close();
      }
      const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist', FIRST_LOAD_FILE), 'utf8')) as FirstLoadManifest;
      const firstLoads = Object.fromEntries(Object.entries(routes).filter(([route]) => route.startsWith('/app'))
        .map(([route, measured]) => [route, firstLoadOf(manifest, measured)]));
      const appFirstLoad = firstLoads['/app'];
      const over = appFirstLoad.gzipBytes > FIRST_LOAD_BUDGET;
      if (over) {
        console.error(`\n*** OVER BUDGET: /app first load is ${appFirstLoad.gzipBytes} B gzip, the goal is ${FIRST_LOAD_BUDGET} B `
          + `(${appFirstLoad.gzipBytes - FIRST_LOAD_BUDGET} B too many) ***\n`);
      }
      const largest = [...sizes.values()].sort((a, b) => b.gzip - a.gzip).slice(0, LARGEST).map((f) => {
        const routes = usedBy.get(f.file) ?? [];
        return { file: shortName(f.file), raw: f.raw, gzip: f.gzip, loadedBy: routes.length <= 3 ? routes : `${routes.length} routes` };
      });
      return {
        name: 'bundle-size',
        measured: 'script files each route loads until network idle (fresh browser context, Chromium), sizes of the built files: raw and gzip level 9; '
          + 'inlineScriptChars: inline <script> text in the page; largest: a route\'s three largest files (gzip bytes); '
          + 'firstLoad: an /app route\'s scripts, island files and module preloads in its HTML plus their static imports (gzip level 9), '
          + 'roundTrips after the HTML until all of them have arrived, /api/auth/me requests the browser made, and the scripts loaded later',
        build_s: buildSeconds,
        firstLoadGzip: appFirstLoad.gzipBytes,
        firstLoadBudget: FIRST_LOAD_BUDGET,
        over,
        ...(over ? { overMessage: `OVER BUDGET by ${appFirstLoad.gzipBytes - FIRST_LOAD_BUDGET} B gzip` } : {}),
        firstLoadRoundTrips: appFirstLoad.roundTrips,
        firstLoad: firstLoads,
        untilIdleGzip: routes['/app'].gzipBytes,
        bookingPageGzip: routes['/book/{token}'].gzipBytes,
        routes: Object.fromEntries(Object.entries(routes).map(([route, r]) => [route, {
          files: r.files, rawBytes: r.rawBytes, gzipBytes: r.gzipBytes, inlineScriptChars: r.inlineScriptChars,
          largest: r.scripts.slice(0, 3).map((f) => `${shortName(f.file)} ${f.gzip}`),
        }])),
        allScriptFiles: { files: sizes.size, gzipBytes: [...sizes.values()].reduce((sum, f) => sum + f.gzip, 0) },
        largestChunks: largest,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await lock.release();
  }
}
