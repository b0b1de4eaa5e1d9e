// Open and click tracking, no sign-in: the token is the credential
// (domain/engagement/tracking.ts). Mounted at /api/t; server.ts serves
// /t/o/:token and /t/c/:token too (the URLs in the mails). Both answer at
// once (a found token's message is cached for a while); the rate limit and the
// recording come after the answer (the engagement-record job). They never fail
// visibly: an unknown or tampered token gets the pixel or a friendly page, and
// nothing is recorded; past the per-address limit nothing is recorded either.
// Also the organisation's privacy setting (tracking on or off), mounted at /api/settings/privacy.
import { Hono, type Context } from 'hono';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { memoryRateLimiter, type RateRule } from '#platform/http/rate-limit.server.ts';
import { linkAt, TRANSPARENT_GIF, trackedMessage, type EngagementRecordJob, type TrackedMessage, type TrackingHit } from '#domain/engagement/tracking.server.ts';
import { privacySettings, savePrivacySettings } from '#domain/engagement/privacy.server.ts';
import { privacySettingsInputSchema, privacySettingsSchema } from '#domain/engagement/schemas.ts';
import { enqueueQuietly, QUEUES, type JobQueue } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { body, doc, reply } from '../contract.ts';
import { inlineStylePageCsp } from '../security-headers.ts';
import { LINK_PAGE_STYLE, linkPageLocale, messagePage } from '../link-page.ts';

/** Pixel loads and clicks per address (an IPv6 /64): generous (an office behind one address opens many mails). */
export const TRACKING_PER_IP: RateRule = { name: 'tracking:ip', limit: 600, windowSeconds: 60 };


/** Counted in memory (per server process): a database round trip per pixel would cost more than the pixel. */
const withinLimit = memoryRateLimiter(TRACKING_PER_IP);

// Found messages by token, for a while: a message's tracked links do not change once it is sent
// (a resend writes the same), and a popular mail's pixel and links are asked for again and again.
// The lookup itself is shared: a burst of hits on a token not yet cached makes one query, not one each.
const CACHE_SIZE = 20_000;
const CACHE_MS = 10 * 60_000;
const found = new Map<string, { message: Promise<TrackedMessage | null>; until: number }>();

/** The message a token names, or null (also when the database does not answer: no 5xx here). */
function messageOf(c: Context<AppEnv>, token: string): Promise<TrackedMessage | null> {
  const cached = found.get(token);
  if (cached && cached.until > Date.now()) return cached.message;
  const message = trackedMessage(c.var.deps.pools.app, token).then((result) => {
    // Only a found message stays cached: an unknown token is looked up again (it may be sent in a moment).
    if (!result) found.delete(token);
    return result;
  }, (error: unknown) => {
    found.delete(token);
    console.warn(`tracking: lookup failed: ${(error as Error).message}`);
    return null;
  });
  if (found.size >= CACHE_SIZE) found.delete(found.keys().next().value!);
  found.set(token, { message, until: Date.now() + CACHE_MS });
  return message;
}

// Hits waiting to be queued, per job queue: one job carries many (a busy minute is thousands).
const BATCH_MS = 20;
const BATCH_MAX = 500;
const batches = new WeakMap<JobQueue, { hits: TrackingHit[]; timer: ReturnType<typeof setTimeout> | null }>();

function flush(jobs: JobQueue) {
  const batch = batches.get(jobs);
  if (!batch) return;
  if (batch.timer) clearTimeout(batch.timer);
  batch.timer = null;
  const hits = batch.hits.splice(0, batch.hits.length);
  void enqueueQuietly(jobs, QUEUES.engagementRecord, [{ data: { hits } satisfies EngagementRecordJob }]);
}

/**
 * Records the hit after the answer: the address's rate limit, then the engagement-record job
 * (batched). Past the limit, nothing is recorded; the reader got their pixel or page all the same.
 */
function record(c: Context<AppEnv>, data: Omit<TrackingHit, 'at' | 'userAgent' | 'ip'>) {
  const { deps } = c.var;
  const jobs = deps.jobs;
  if (!jobs) return;
  const ip = deps.clientIp(c);
  const hitData: TrackingHit = { ...data, at: new Date().toISOString(), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null, ip };
  if (!withinLimit(networkOf(ip))) return;
  let batch = batches.get(jobs);
  if (!batch) batches.set(jobs, batch = { hits: [], timer: null });
  batch.hits.push(hitData);
  if (batch.hits.length >= BATCH_MAX) flush(jobs);
  else batch.timer ??= setTimeout(() => flush(jobs), BATCH_MS);
}

const gif = (c: Context<AppEnv>) => c.body(TRANSPARENT_GIF, 200, {
  'content-type': 'image/gif', 'cache-control': 'no-store, no-cache, must-revalidate, private',
});

export const trackingRoutes = new Hono<AppEnv>()
  .use('/c/*', inlineStylePageCsp(LINK_PAGE_STYLE))

  .get('/o/:token', doc({ summary: 'The open pixel of an email: always a 1x1 transparent GIF; a known token records an open (in a job)',
    access: 'public', tag: 'tracking', response: { contentType: 'image/gif', description: 'A 1x1 transparent GIF, never cached' } }),
  async (c) => {
    const message = await messageOf(c, c.req.param('token'));
    if (message) record(c, { kind: 'open', messageId: message.id, linkIndex: null });
    return gif(c);
  })

  .get('/c/:token', doc({ summary: 'A tracked link of an email: 302 to that email\'s own URL number l; a click is recorded (in a job)',
    access: 'public', tag: 'tracking', status: 302,
    response: { contentType: 'text/plain', description: 'A redirect (Location: the URL that was in the email)' },
    alsoAnswers: { 404: { contentType: 'text/html', description: 'A page saying the link is not valid (unknown token or link number)' } } }),
  async (c) => {
    const l = c.req.query('l');
    const message = await messageOf(c, c.req.param('token'));
    const url = message && linkAt(message, l);
    // Only an http(s) URL that was in this very message (stored by the delivery claim).
    if (!message || !url || !/^https?:\/\//i.test(url)) return c.html(messagePage(linkPageLocale(c), 'trackedLink.notValid'), 404);
    record(c, { kind: 'click', messageId: message.id, linkIndex: Number(l) });
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(url, 302);
  });

export const privacyRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'The organisation\'s privacy setting: whether opens and clicks are tracked', response: privacySettingsSchema }),
    async (c) => reply(c, privacySettingsSchema, await asUser(c, (tx) => privacySettings(tx))))

  .put('/', doc({ summary: 'Turn open and click tracking on or off for the whole organisation (admins)', access: 'admin',
    response: privacySettingsSchema }), requireAdmin, body(privacySettingsInputSchema), async (c) => {
    const saved = await asUser(c, (tx) => savePrivacySettings(tx, c.var.user.id, c.req.valid('json')));
    return reply(c, privacySettingsSchema, saved);
  });
