// Open and click tracking on the real database and worker: a sent message's
// HTML carries the pixel and rewritten links (dev outbox), the pixel always
// answers a GIF and records only known tokens (in a job), each event is written
// once per hour, a click goes only to its own message's URL, machine opens are
// marked, and the organisation's privacy setting turns all of it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import type { Worker } from '#worker/index.ts';
import { registerEngagementRecordJobs } from '#worker/jobs/engagement-record.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { recordHit } from '#domain/engagement/record.server.ts';
import type { EngagementRecordJob, TrackingHit } from '#domain/engagement/tracking.server.ts';
import { TRACKING_PER_IP } from '#edge-functions/routes/tracking.ts';
import { ORIGIN } from '../support/constants.ts';

let app: TestAppWithWorker;
let worker: Worker;
let recruiter: TestClient;
let admin: TestClient;
let ip = 0;

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI } });
  worker = app.worker;
  await worker.boss.createQueue(QUEUES.engagementScore);
  await registerEngagementRecordJobs(worker.boss, { pools: app.pools, jobs: worker.jobs });
  recruiter = app.client({ ip: '10.71.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.71.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

/** A visitor from an address of its own (the rate limit is per address). */
const nextAddress = () => `10.72.${Math.floor(++ip / 250)}.${ip % 250}`;
const visitor = (address = nextAddress()) => app.client({ ip: address });

async function setTracking(enabled: boolean) {
  const saved = await admin.send('PUT', '/api/settings/privacy', { body: { trackingEnabled: enabled } });
  expect(saved.status, saved.text).toBe(200);
}

interface Sent { id: number; token: string; trackedLinks: string[]; html: string; text: string; candidateId: number }

/** Sends an email through the real worker into the dev outbox; answers the stored mail and the message's tracking columns. */
async function sendAndDeliver(content: string): Promise<Sent> {
  const person = await newCandidate(recruiter, { name: `Tia Tracking ${uniqueTag()}` });
  const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'A role', content });
  expect(created.status, created.text).toBe(201);
  const id: number = created.json.message.id;
  const { rows: [mail] } = await until(
    () => app.pools.owner.query<{ html_body: string; text_body: string }>('select html_body, text_body from public.mail_outbox where message_id = $1', [id]),
    (result) => result.rows.length === 1);
  // The outbox row is written before the send is recorded: wait for the record too, or its sent_at = now() lands later.
  const { rows: [row] } = await until(
    () => app.pools.owner.query<{ tracking_token: string; tracked_links: string[] }>(
      "select tracking_token, tracked_links from public.messages where id = $1 and status = 'sent'", [id]),
    (result) => result.rows.length === 1);
  return { id, token: row.tracking_token, trackedLinks: row.tracked_links, html: mail.html_body, text: mail.text_body, candidateId: person.id };
}

const eventsOf = async (messageId: number) => (await app.pools.owner.query<{ kind: string; url: string | null; machine: boolean; machine_reason: string | null }>(
  'select kind, url, machine, machine_reason from public.engagement_events where message_id = $1 order by id', [messageId])).rows;
/** The hits queued for a message (each engagement-record job carries a batch of them). */
const recordJobsOf = async (messageId: number) => (await worker.boss.findJobs<EngagementRecordJob>(QUEUES.engagementRecord))
  .flatMap((job) => job.data.hits).filter((hit) => hit.messageId === messageId).map((data) => ({ data }));
/** An hour after delivery: well past the "within 10 seconds" machine rule. */
const anHourLater = () => new Date(Date.now() + 3_600_000).toISOString();

describe('composing a tracked email', () => {
  it('the sent HTML has the pixel and rewritten links; unsubscribe and booking links stay; the links are stored by index', async () => {
    await setTracking(true);
    const sent = await sendAndDeliver(`Hi,\n\nThe role: https://jobs.example.org/role/42. Book a call: ${ORIGIN}/book/abc\n\nBlog https://blog.example.org/x`);
    expect(sent.token).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.trackedLinks).toEqual(['https://jobs.example.org/role/42', 'https://blog.example.org/x']);
    expect(sent.html).toContain(`<img src="${ORIGIN}/t/o/${sent.token}" width="1" height="1" alt="">`);
    expect(sent.html).toContain(`<a href="${ORIGIN}/t/c/${sent.token}?l=0">https://jobs.example.org/role/42</a>.`);
    expect(sent.html).toContain(`<a href="${ORIGIN}/t/c/${sent.token}?l=1">https://blog.example.org/x</a>`);
    expect(sent.html).toContain(`${ORIGIN}/book/abc`);
    expect(sent.html).toMatch(new RegExp(`href="${ORIGIN}/unsubscribe/[0-9a-f]+"`));
    expect(sent.text).toContain(`The role: ${ORIGIN}/t/c/${sent.token}?l=0.`);
    expect(sent.text).toMatch(new RegExp(`Unsubscribe: ${ORIGIN}/unsubscribe/[0-9a-f]+`));
  });

  it('tracking off: no pixel, links unchanged, nothing stored, and its links do not redirect', async () => {
    await setTracking(false);
    try {
      const sent = await sendAndDeliver('Hi,\n\nThe role: https://jobs.example.org/role/43');
      expect(sent.html).not.toContain('/t/o/');
      expect(sent.html).not.toContain('/t/c/');
      expect(sent.text).toContain('The role: https://jobs.example.org/role/43');
      expect(sent.trackedLinks).toEqual([]);
      expect((await visitor().get(`/api/t/c/${sent.token}?l=0`)).status).toBe(404);
    } finally {
      await setTracking(true);
    }
  });
});

describe('GET /api/t/o/:token (the pixel)', () => {
  it('answers a GIF for known, unknown and tampered tokens; records (in a job) only the known one', async () => {
    const sent = await sendAndDeliver('Hello https://jobs.example.org/p');
    for (const token of ['0'.repeat(32), 'not-a-token', `${sent.token}x`, '%00', 'a'.repeat(300)]) {
      const pixel = await visitor().get(`/api/t/o/${token}`, { headers: { 'user-agent': CHROME } });
      expect(pixel.status, token).toBe(200);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
      expect(pixel.headers.get('cache-control')).toContain('no-store');
    }
    const known = await visitor().get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': CHROME } });
    expect(known.status).toBe(200);
    expect(known.headers.get('content-type')).toBe('image/gif');
    const jobs = await until(() => recordJobsOf(sent.id), (found) => found.length === 1);
    expect(jobs[0].data).toMatchObject({ kind: 'open', messageId: sent.id, linkIndex: null, userAgent: CHROME });
    // The queue holds no job for a token that named no message: every job names a message.
    const all = await worker.boss.findJobs<EngagementRecordJob>(QUEUES.engagementRecord);
    expect(all.flatMap((job) => job.data.hits).every((hit) => typeof hit.messageId === 'number')).toBe(true);
  });

  it('past the per-address limit it still answers the GIF, and records nothing', async () => {
    const sent = await sendAndDeliver('Hello again');
    const address = nextAddress();
    const client = visitor(address);
    // The address spends its budget on another mail's pixel.
    const spent = await sendAndDeliver('Spent');
    for (let i = 0; i < TRACKING_PER_IP.limit; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, TRACKING_PER_IP.limit - i) }, () => client.get(`/api/t/o/${spent.token}`)));
    }
    const pixel = await client.get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': CHROME } });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    // A click from that address still lands where it should (nothing recorded either).
    const other = await sendAndDeliver('Look https://jobs.example.org/limited');
    const click = await client.get(`/api/t/c/${other.token}?l=0`);
    expect(click.status).toBe(302);
    // Then the same pixel from another address is recorded: the only job for this message is that one.
    await visitor().get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': CHROME } });
    const jobs = await until(() => recordJobsOf(sent.id), (found) => found.length >= 1);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data.ip).not.toBe(address);
    expect(await recordJobsOf(other.id)).toHaveLength(0);
  });

  it('counts an IPv6 reader by its /64: its addresses share one budget, another /64 has its own', async () => {
    const sent = await sendAndDeliver('Hello from a network');
    const spent = await sendAndDeliver('Spent by a network');
    // Each hit from another address of one /64.
    for (let i = 0; i < TRACKING_PER_IP.limit; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, TRACKING_PER_IP.limit - i) },
        (_, j) => visitor(`2001:db8:72:1::${(i + j + 1).toString(16)}`).get(`/api/t/o/${spent.token}`)));
    }
    await visitor('2001:db8:72:1:ffff::1').get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': CHROME } });
    await visitor('2001:db8:72:2::1').get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': CHROME } });
    const jobs = await until(() => recordJobsOf(sent.id), (found) => found.length >= 1);
    expect(jobs.map((job) => job.data.ip)).toEqual(['2001:db8:72:2::1']);
  });

  it('the job writes the open; a machine open is stored with machine = true', async () => {
    const sent = await sendAndDeliver('Hi there');
    // Delivered an hour ago: the proxy's user agent decides, not the 10-second rule.
    await app.pools.owner.query("update public.messages set sent_at = now() - interval '1 hour' where id = $1", [sent.id]);
    await visitor().get(`/api/t/o/${sent.token}`, { headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' } });
    const events = await until(() => eventsOf(sent.id), (rows) => rows.length === 1);
    expect(events[0]).toMatchObject({ kind: 'open', url: null, machine: true, machine_reason: 'gmail-image-proxy' });
  });
});

describe('recordHit (the engagement-record job\'s work)', () => {
  it('writes an open once per hour however often the pixel loads, and queues the score for a human open', async () => {
    const sent = await sendAndDeliver('Once only');
    const at = anHourLater();
    const hit: TrackingHit = { kind: 'open', messageId: sent.id, linkIndex: null, at, userAgent: CHROME, ip: '10.9.9.9' };
    expect(await recordHit(app.pools.app, hit, worker.jobs)).toEqual({ written: true, machine: false, machineReason: null });
    expect(await recordHit(app.pools.app, { ...hit, at: new Date(new Date(at).getTime() + 1000).toISOString() }, worker.jobs))
      .toMatchObject({ written: false });
    expect(await eventsOf(sent.id)).toEqual([{ kind: 'open', url: null, machine: false, machine_reason: null }]);
    // The candidate is due for a recompute, and the score job is queued.
    const { rows: pending } = await app.pools.owner.query('select 1 from private.engagement_pending where candidate_id = $1', [sent.candidateId]);
    expect(pending).toHaveLength(1);
    expect((await worker.boss.findJobs(QUEUES.engagementScore)).length).toBeGreaterThanOrEqual(1);
  });

  it('a machine open does not hide the person\'s open in the same hour', async () => {
    const sent = await sendAndDeliver('Machine then human');
    const base: TrackingHit = { kind: 'open', messageId: sent.id, linkIndex: null, at: anHourLater(), userAgent: 'Mozilla/5.0', ip: null };
    expect(await recordHit(app.pools.app, base, worker.jobs)).toEqual({ written: true, machine: true, machineReason: 'apple-mail-privacy-protection' });
    expect(await recordHit(app.pools.app, { ...base, userAgent: CHROME }, worker.jobs)).toMatchObject({ written: true, machine: false });
    expect((await eventsOf(sent.id)).map((e) => e.machine)).toEqual([true, false]);
  });

  it('an open within 10 seconds of delivery is a machine\'s', async () => {
    const sent = await sendAndDeliver('Fast');
    const { rows: [{ sent_at: sentAt }] } = await app.pools.owner.query<{ sent_at: Date }>('select sent_at from public.messages where id = $1', [sent.id]);
    const result = await recordHit(app.pools.app, {
      kind: 'click', messageId: sent.id, linkIndex: 0, at: new Date(sentAt.getTime() + 2000).toISOString(), userAgent: CHROME, ip: null,
    });
    // No links in this message: a click on index 0 is not one of its links and is not written.
    expect(result.written).toBe(false);
    const opened = await recordHit(app.pools.app, {
      kind: 'open', messageId: sent.id, linkIndex: null, at: new Date(sentAt.getTime() + 2000).toISOString(), userAgent: CHROME, ip: null,
    });
    expect(opened).toEqual({ written: true, machine: true, machineReason: 'within-10-seconds-of-delivery' });
  });

  it('writes each link\'s click once per hour, with its URL', async () => {
    const sent = await sendAndDeliver('A https://a.example.org/1 B https://b.example.org/2');
    const at = anHourLater();
    const click = (linkIndex: number): TrackingHit => ({ kind: 'click', messageId: sent.id, linkIndex, at, userAgent: CHROME, ip: null });
    await recordHit(app.pools.app, click(0));
    await recordHit(app.pools.app, click(0));
    await recordHit(app.pools.app, click(1));
    expect((await eventsOf(sent.id)).map((e) => [e.kind, e.url])).toEqual([['click', 'https://a.example.org/1'], ['click', 'https://b.example.org/2']]);
  });
});

describe('GET /api/t/c/:token (a tracked link)', () => {
  it('redirects to that message\'s own URL only, and records the click in a job', async () => {
    const first = await sendAndDeliver('First https://one.example.org/a');
    const second = await sendAndDeliver('Second https://two.example.org/a https://two.example.org/b');
    const click = await visitor().get(`/api/t/c/${first.token}?l=0`, { headers: { 'user-agent': CHROME } });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://one.example.org/a');
    // Index 1 exists in the second message, not in the first: the first's token never reaches it.
    const outOfRange = await visitor().get(`/api/t/c/${first.token}?l=1`);
    expect(outOfRange.status).toBe(404);
    expect(outOfRange.headers.get('content-type')).toContain('text/html');
    expect(outOfRange.text).toContain('This link is not valid');
    expect((await visitor().get(`/api/t/c/${second.token}?l=1`)).headers.get('location')).toBe('https://two.example.org/b');
    const jobs = await until(() => recordJobsOf(first.id), (found) => found.length === 1);
    expect(jobs[0].data).toMatchObject({ kind: 'click', messageId: first.id, linkIndex: 0 });
    const events = await until(() => eventsOf(first.id), (rows) => rows.length === 1);
    expect(events[0]).toMatchObject({ kind: 'click', url: 'https://one.example.org/a' });
  });

  it('unknown tokens, bad indexes and URLs in the query get the friendly page, never a redirect or a 5xx', async () => {
    const sent = await sendAndDeliver('Link https://jobs.example.org/z');
    const paths = [
      `/api/t/c/${'0'.repeat(32)}?l=0`, `/api/t/c/${sent.token}`, `/api/t/c/${sent.token}?l=`, `/api/t/c/${sent.token}?l=-1`,
      `/api/t/c/${sent.token}?l=1e0`, `/api/t/c/${sent.token}?l=https://evil.example`, `/api/t/c/${sent.token}?l=0&l=1`,
      `/api/t/c/${sent.token}?url=https://evil.example`, '/api/t/c/%ff%fe?l=0', `/api/t/c/${'z'.repeat(5000)}?l=0`,
    ];
    for (const path of paths) {
      const answer = await visitor().get(path);
      expect(answer.status, path).toBeLessThan(500);
      if (answer.status !== 302) expect(answer.status, path).toBe(404);
      const location = answer.headers.get('location');
      if (location) expect(location, path).toBe('https://jobs.example.org/z');
    }
  });
});

describe('/api/settings/privacy', () => {
  it('members read it; only admins change it', async () => {
    expect((await recruiter.get('/api/settings/privacy')).json).toEqual({ trackingEnabled: true });
    const refused = await recruiter.send('PUT', '/api/settings/privacy', { body: { trackingEnabled: false } });
    expect(refused.status).toBe(403);
    const invalid = await admin.send('PUT', '/api/settings/privacy', { body: { trackingEnabled: 'no' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.field).toBe('trackingEnabled');
    expect((await app.client().get('/api/settings/privacy')).status).toBe(401);
    expect((await recruiter.get('/api/settings/privacy')).json).toEqual({ trackingEnabled: true });
  });
});
