// Mail delivery throughput: 10,000 messages from 'queued' to accepted by a
// loopback SMTP server through the real path (pg-boss job → claim → compose →
// nodemailer pool → record 'sent'), beside nodemailer sending the same number
// straight to the same server in the same run. The ratio is the figure: what
// the queue, the database and the bookkeeping cost on top of SMTP itself.
import nodemailer from 'nodemailer';
import { openDatabase } from '#platform/db/pools.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { composeMail } from '#domain/mail/compose.server.ts';
import { composerOptions } from '#platform/mail/port.server.ts';
import { startWorker } from '#worker/index.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { benchDatabase } from './support/database.ts';

const MESSAGES = 10_000;
const CANDIDATES = 1_000;
const CONNECTIONS = 5; // the same pool size the SMTP adapter uses

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run() {
  const database = await benchDatabase('mailbench');
  const sink = await startSmtpSink({ keep: false });
  try {
    const config = {
      ...loadConfig(),
      smtp: { url: sink.url, from: 'Talentloop <recruiting@talentloop.test>' },
      graph: { tenantId: undefined, clientId: undefined, clientSecret: undefined, mailbox: undefined, authorityHost: undefined, baseUrl: undefined },
      openai: { apiKey: undefined, baseURL: undefined, model: 'none', timeoutMs: 60_000 },
      // The pipeline, not the bulk-sender limits (10,000 from one address would wait for tomorrow).
      senderLimits: { dailyCap: null, perMinute: null },
    };
    const pools = await openDatabase(database.url, config.appSecret);
    await pools.owner.query(
      `insert into public.candidates (name, email, job_function, skill_tags, location)
       select 'Candidate ' || g, 'candidate' || g || '@example.com', 'Backend Engineer', '{go,sql}', 'Utrecht' from generate_series(1, $1) g`, [CANDIDATES]);
    // Consent is only ever what the ledger says (decision 008).
    await pools.owner.query(
      `insert into public.consent_events (candidate_id, channel, granted, source, wording)
       select id, 'email', true, 'seed', 'Bench data' from public.candidates`);
    const content = 'Hi there,\n\nWe have a new backend role that fits your experience with Go and SQL. Fancy a chat next week?\n\nBest regards,\nSam';

    // 1. nodemailer alone: the same kind of message, straight to the sink.
    const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: CONNECTIONS, maxMessages: Infinity });
    const settings = { from: config.smtp.from, publicUrl: config.publicUrl };
    const mails = Array.from({ length: MESSAGES }, (_, i) => composerOptions(composeMail({
      id: i + 1, replyToken: (i + 1).toString(16).padStart(24, '0'), subject: 'A new role', content,
      candidateName: `Candidate ${(i % CANDIDATES) + 1}`, candidateEmail: `candidate${(i % CANDIDATES) + 1}@example.com`,
    }, settings)));
    let started = performance.now();
    await Promise.all(mails.map((mail) => transport.sendMail(mail)));
    const rawSeconds = (performance.now() - started) / 1000;
    transport.close();

    // 2. The product's path. The worker is up before the clock starts.
    const worker = await startWorker(database.url, pools, config);
    const before = sink.count;
    const { rows } = await pools.owner.query<{ id: number }>(
      `insert into public.messages (candidate_id, direction, channel, subject, content, status)
       select 1 + (g % $2), 'out', 'email', 'A new role', $3, 'queued' from generate_series(0, $1 - 1) g returning id`,
      [MESSAGES, CANDIDATES, content]);
    started = performance.now();
    await worker.jobs.send(QUEUES.mailSend, rows.map((row) => mailJob(row.id)));
    const enqueuedMs = performance.now() - started;
    while (sink.count - before < MESSAGES) {
      if (performance.now() - started > 600_000) throw new Error(`only ${sink.count - before} of ${MESSAGES} delivered`);
      await sleep(20);
    }
    const acceptedSeconds = (performance.now() - started) / 1000;
    let recorded = 0;
    while (recorded < MESSAGES) {
      recorded = (await pools.owner.query<{ n: number }>(`select count(*)::int as n from public.messages where status = 'sent'`)).rows[0].n;
      if (recorded < MESSAGES) await sleep(20);
    }
    const recordedSeconds = (performance.now() - started) / 1000;
    const duplicates = sink.count - before - MESSAGES;
    await worker.stop();
    await pools.close();

    const pipelineRate = MESSAGES / acceptedSeconds;
    const rawRate = MESSAGES / rawSeconds;
    return {
      name: 'mail-throughput',
      messages: MESSAGES,
      smtp_connections: CONNECTIONS,
      nodemailer_direct_msgs_per_s: Math.round(rawRate),
      queued_to_accepted_msgs_per_s: Math.round(pipelineRate),
      ratio_pipeline_to_direct: Number((pipelineRate / rawRate).toFixed(2)),
      queued_to_recorded_sent_msgs_per_s: Math.round(MESSAGES / recordedSeconds),
      enqueue_10k_jobs_ms: Math.round(enqueuedMs),
      duplicate_deliveries: duplicates,
      database: 'embedded PostgreSQL, fsync on',
    };
  } finally {
    await sink.close();
    await database.stop();
  }
}
