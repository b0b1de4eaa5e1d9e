// Nothing lost, nothing sent twice (issue 12). A 600-recipient campaign into
// an SMTP sink that counts per recipient while the worker process is SIGKILLed at
// 3 random points and started again at once: everything arrives, and the copies
// beyond the first are at most the messages in flight at the kills (accepted by
// the server, not yet recorded; at most the send slots each). And pause, resume
// and cancel with the worker running: once a stop is committed only the sends
// already in a slot still leave, the ledger says exactly what went out, and
// nothing of a cancelled campaign leaves afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { TEST_SECRET } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { poolCampaign, runChaos, seededRandom } from '../support/campaign-chaos.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { budget } from '../support/time-scale.ts';

const NO_LIMITS = { dailyCap: null, perMinute: null };
/** Kept short for `npm test`; bench/campaign-chaos.ts runs 10,000 recipients and 20 kills. */
const RECIPIENTS = 600;

let app: TestApp;
let sink: SmtpSink;
let recruiter: TestClient;
let worker: Worker | undefined;
const processes: WorkerProcess[] = [];

beforeAll(async () => {
  sink = await startSmtpSink({ keep: false });
  app = await startTestApp({
    config: { openai: NO_AI, ...smtpConfig(sink), senderLimits: NO_LIMITS },
    jobs: { send: (queue, jobs) => worker!.jobs.send(queue, jobs) },
  });
  recruiter = app.client({ ip: '10.42.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  for (const process of processes) await process.kill();
  await worker?.stop();
  await app?.close();
  await sink?.close();
});

const sentCount = async (campaignId: number) => (await app.pools.owner.query<{ n: number }>(
  `select count(*)::int as n from public.messages where campaign_id = $1 and status = 'sent'`, [campaignId])).rows[0].n;
const sendingCount = async (campaignId: number) => (await app.pools.owner.query<{ n: number }>(
  `select count(*)::int as n from public.messages where campaign_id = $1 and status = 'sending'`, [campaignId])).rows[0].n;

describe('a campaign under chaos', () => {
  it('3 random SIGKILLs of the worker: 0 lost, copies beyond the first at most the messages in flight at the kills', { timeout: budget(240_000) }, async () => {
    const seed = Date.now() % 100_000;
    const campaign = await poolCampaign(app.pools.owner, RECIPIENTS, `test${seed}`);
    const result = await runChaos({
      owner: app.pools.owner, sink, campaign, kills: 3, slots: SMTP_CONNECTIONS, random: seededRandom(seed),
      // Each restart waits out the dead worker's claims (15 s); on a loaded 2-core runner the whole run took 84 s once.
      timeoutMs: 120_000,
      env: { databaseUrl: app.ownerUrl, smtpUrl: sink.url, appSecret: TEST_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } },
      onWorker: (process) => processes.push(process),
    });
    const about = `seed ${seed}: ${JSON.stringify(result)}`;
    expect(result.lost, about).toBe(0);
    expect(result.campaign_status, about).toBe('sent');
    expect(result.duplicates, about).toBeLessThanOrEqual(result.in_flight_total);
    for (const n of result.in_flight_at_kill) expect(n, about).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect(await sentCount(campaign.campaignId)).toBe(RECIPIENTS);
  });
});

describe('pause, resume and cancel with the worker running', () => {
  it('only the sends already in a slot leave after a stop; the ledger matches the sink; nothing leaves after cancel', { timeout: budget(90_000) }, async () => {
    worker = await startWorker(app.ownerUrl, app.pools, app.config);
    const campaign = await poolCampaign(app.pools.owner, 1_000, `control${Date.now() % 100_000}`);
    const id = campaign.campaignId;
    const accepted = () => campaign.emails.reduce((sum, email) => sum + (sink.perRecipient.get(email) ?? 0), 0);
    const slots = SMTP_CONNECTIONS;
    /** Gives each of the campaign's messages in `status` a delivery job now and waits until every one has run. */
    const prod = async (status: string) => {
      const { rows } = await app.pools.owner.query<{ id: number }>(
        `select id from public.messages where campaign_id = $1 and status = any($2)`, [id, status.split(',')]);
      const jobs = rows.map((row) => mailJob(row.id, 0, `probe-${randomUUID()}`));
      await worker!.jobs.send(QUEUES.mailSend, jobs);
      await until(async () => (await app.pools.owner.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'`, [jobs.map((job) => job.id)])).rows[0].n,
      (done) => done === jobs.length, 30_000);
      return rows.length;
    };

    await worker.jobs.send(QUEUES.campaignDispatch, [{ data: { campaignId: id } }]);
    await until(() => Promise.resolve(accepted()), (n) => n >= 100, 30_000);
    expect((await recruiter.post(`/api/campaigns/${id}/pause`, {})).status).toBe(200);
    const atPause = accepted();
    await until(() => sendingCount(id), (n) => n === 0, 30_000);
    expect(accepted() - atPause).toBeLessThanOrEqual(slots);
    expect(accepted()).toBe(await sentCount(id));
    // Paused: a job for every queued message sends nothing.
    const paused = accepted();
    expect(await prod('queued')).toBeGreaterThan(0);
    expect(accepted()).toBe(paused);

    expect((await recruiter.post(`/api/campaigns/${id}/resume`, {})).status).toBe(200);
    await until(() => Promise.resolve(accepted()), (n) => n >= paused + 200, 30_000);
    expect((await recruiter.post(`/api/campaigns/${id}/cancel`, {})).status).toBe(200);
    const atCancel = accepted();
    await until(() => sendingCount(id), (n) => n === 0, 30_000);
    expect(accepted() - atCancel).toBeLessThanOrEqual(slots);
    const cancelled = accepted();
    expect(cancelled).toBe(await sentCount(id));
    expect(cancelled).toBeLessThan(1_000);
    // Nothing of it is left to send, and a job for each of its messages sends nothing.
    const { rows } = await app.pools.owner.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from public.messages where campaign_id = $1 group by 1 order by 1`, [id]);
    expect(rows).toEqual([{ status: 'failed', n: 1_000 - cancelled }, { status: 'sent', n: cancelled }]);
    expect(await prod('failed,sent')).toBe(1_000);
    expect(accepted()).toBe(cancelled);
    expect(Math.max(...campaign.emails.map((email) => sink.perRecipient.get(email) ?? 0))).toBe(1);
  });
});
