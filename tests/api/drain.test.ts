// SIGTERM drains (a deploy, a scale-down): a web process stops taking requests and
// finishes the ones it has (an upload still arriving completes); a worker finishes
// its running jobs and hands back whatever it still holds, so the next worker sends
// every message exactly once.
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, overHttp, signInRecruiter, TestClient, type TestDatabase } from '../support/harness.ts';
import { assertBuilt, startServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import { budget } from '../support/time-scale.ts';
import { queuedRecipients, queueMailJobs, startWorkerProcess, statusCounts } from '../support/worker-process.ts';

let db: TestDatabase;
let sink: SmtpSink;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-drain-'));

beforeAll(async () => {
  assertBuilt();
  db = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const exited = (pid: number) => until(() => Promise.resolve((() => { try { process.kill(pid, 0); return false; } catch { return true; } })()), Boolean, 60_000);

describe('SIGTERM', () => {
  it('lets a web process finish the upload it is receiving, takes no new request, and exits', { timeout: budget(90_000) }, async () => {
    const server = await startServerProcess({ databaseUrl: db.ownerUrl, dataDir, env: () => ({ TRUSTED_ORIGINS: ORIGIN }) });
    const recruiter = new TestClient(overHttp(server.url), '127.0.0.1');
    await signInRecruiter(recruiter);
    const tag = uniqueTag();
    const created = await recruiter.post('/api/imports', { mapping: { name: 0, email: 1 }, emailConsent: 'none' });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
    const encode = (text: string) => new TextEncoder().encode(text);
    controller.enqueue(encode(`name,email\nDrain One ${tag},drain-1-${tag}@example.com\n`));
    const cookie = [...recruiter.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = fetch(`${server.url}/api/imports/${created.json.id}/file`, {
      method: 'PUT', body, duplex: 'half', headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' },
    } as RequestInit);
    await until(() => recruiter.get(`/api/imports/${created.json.id}`), (answer) => answer.json.status === 'running');

    process.kill(server.pid, 'SIGTERM');
    await until(() => Promise.resolve(server.output()), (output) => output.includes('SIGTERM: draining'));
    // A new request is not taken (the port is closed, or a connection already open is answered 503).
    const late = await fetch(`${server.url}/api/health`).then((answer) => answer.status, () => 'refused');
    expect(late === 'refused' || late === 503, `a new request answered ${late}`).toBe(true);

    controller.enqueue(encode(`Drain Two ${tag},drain-2-${tag}@example.com\n`));
    controller.close();
    const answer = await upload;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'completed', imported: 2 });
    await exited(server.pid);
  });

  it('lets a worker finish its jobs and hand back the rest: the next worker sends each message once', { timeout: budget(180_000) }, async () => {
    const { messageIds, emails } = await queuedRecipients(db.pools.owner, 400, `drain-${uniqueTag()}`);
    const first = await startWorkerProcess({ databaseUrl: db.ownerUrl, smtpUrl: sink.url, appSecret: TEST_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } });
    await queueMailJobs(db.ownerUrl, messageIds);
    await until(() => Promise.resolve(emails.filter((email) => sink.perRecipient.has(email)).length), (n) => n >= 50);

    first.child.kill('SIGTERM');
    await exited(first.child.pid!);
    // Nothing stays claimed by it, and it is no longer counted alive.
    const { rows: held } = await db.pools.owner.query(
      `select count(*)::int as n from public.messages where id = any($1) and status = 'sending'`, [messageIds]);
    expect(held[0].n).toBe(0);
    const { rows: beats } = await db.pools.owner.query(`select count(*)::int as n from private.worker_heartbeats where worker_id like $1`, [`%:${first.child.pid}:%`]);
    expect(beats[0].n).toBe(0);

    const second = await startWorkerProcess({ databaseUrl: db.ownerUrl, smtpUrl: sink.url, appSecret: TEST_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } });
    try {
      await until(() => statusCounts(db.pools.owner, messageIds), (counts) => counts.sent === messageIds.length, 120_000);
      expect(emails.map((email) => sink.perRecipient.get(email) ?? 0).filter((copies) => copies !== 1)).toEqual([]);
    } finally {
      await second.kill();
    }
  });
});
