// kill -9 of a worker process in the middle of a send, into a real SMTP
// server: after a restart nothing is lost, the rest goes out within 30 s, and
// at most as many messages arrive twice as the SMTP pool has connections
// (decision 011), each copy with the same Message-ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { TEST_SECRET } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { queuedRecipients, queueMailJobs, startWorkerProcess, statusCounts, type WorkerProcess } from '../support/worker-process.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { budget } from '../support/time-scale.ts';

const MESSAGES = 300;

let db: TestDatabase;
let sink: SmtpSink;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const worker of workers) await worker.kill();
  await db?.drop();
  await sink?.close();
});

const startWorker = async () => {
  const worker = await startWorkerProcess({ databaseUrl: db.ownerUrl, smtpUrl: sink.url, appSecret: TEST_SECRET });
  workers.push(worker);
  return worker;
};
const messageIdOf = (raw: Buffer) => /^Message-ID:\s*(\S+)/im.exec(raw.toString())?.[1];

describe('a worker killed mid-send', () => {
  // How long the recovery takes is bench/crash-recovery.ts's figure, not a test's.
  it('loses nothing, finishes after the restart and sends at most the open SMTP transactions twice', { timeout: budget(60_000) }, async () => {
    const { messageIds, emails } = await queuedRecipients(db.pools.owner, MESSAGES, 'kill');
    const first = await startWorker();
    await queueMailJobs(db.ownerUrl, messageIds);

    // The crash, a third of the way in, while mail is on the wire: the sink holds its answers until the worker has
    // claims in flight (else the kill could fall between two batches, with nothing open).
    await sink.waitFor(MESSAGES / 3, 20_000);
    const release = sink.stall();
    await until(() => statusCounts(db.pools.owner, messageIds), (counts) => (counts.sending ?? 0) > 0, 20_000);
    await first.kill();
    release();
    const atKill = await statusCounts(db.pools.owner, messageIds);
    expect(atKill.sending, `claims left behind: ${JSON.stringify(atKill)}`).toBeGreaterThan(0);

    await startWorker();
    await until(() => statusCounts(db.pools.owner, messageIds), (counts) => counts.sent === MESSAGES, 40_000);

    const copies = emails.map((email) => sink.perRecipient.get(email) ?? 0);
    expect(copies.filter((n) => n === 0)).toHaveLength(0); // lost
    const twice = copies.filter((n) => n > 1).length;
    expect(twice).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect(Math.max(...copies)).toBeLessThanOrEqual(2);
    expect(sink.count).toBe(MESSAGES + twice);
    // A second copy is the same mail: receivers can drop it by its Message-ID.
    for (const email of emails.filter((_, i) => copies[i] > 1)) {
      const ids = new Set(sink.received.filter((r) => r.to.includes(email)).map((r) => messageIdOf(r.raw)));
      expect(ids.size).toBe(1);
    }
  });
});
