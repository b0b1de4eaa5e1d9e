// Reading the recruiters' own inboxes (issue 28, decision 039): 50 mailboxes with 2,000 inbox messages
// each in the fake Graph (its own process), 5% of them candidates' answers threaded by In-Reply-To to
// mail those recruiters sent (real rows in public.messages), the rest mail that answers nothing of ours.
// One reader reads the mailboxes one after another, as one worker's mail-sync jobs do (syncMailbox, the
// code the job runs, with the real Graph client). Measured, each in the same run:
//   - the Graph client alone: the same delta pages and the same answers' MIME, nothing else (the floor);
//   - the first read of every mailbox (from the last 7 days);
//   - an incremental read after 20 new mails per mailbox (one of them an answer);
//   - a read again with nothing new, and a read from scratch as after a lost delta state (410):
//     both must store nothing (answers are seen at most once).
// Figures: wall time, per-mailbox medians, Graph calls by kind (as the fake counted them), MIME bytes,
// this process's peak RSS and heap, its CPU core-seconds (and per 1,000 messages read), the machine's
// busy cores (PostgreSQL and the fake included). BENCH_MAIL_SYNC_MAILBOXES and
// BENCH_MAIL_SYNC_MESSAGES set another size.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { openDatabase } from '#platform/db/pools.server.ts';
import { loadConfig, type Config } from '#platform/runtime/config.server.ts';
import { createGraphInbox, type GraphInbox } from '#platform/mail/graph-inbox.server.ts';
import { startHeartbeat } from '#platform/runtime/workers.server.ts';
import { syncMailbox, type MailboxSyncResult } from '#domain/messages/mailbox-sync.server.ts';
import { benchDatabase } from './support/database.ts';
import type { FakeGraphRequest, GraphCallCounts, InboxFill, ReplySpec } from './support/fake-graph-process.ts';

const MAILBOXES = Number(process.env.BENCH_MAIL_SYNC_MAILBOXES) || 50;
const MESSAGES = Number(process.env.BENCH_MAIL_SYNC_MESSAGES) || 2_000;
const REPLIES = Math.round(MESSAGES * 0.05);
/** New mail per mailbox before the incremental read; one of them a candidate's second answer. */
const NEW_MESSAGES = 20;
const APP_SECRET = 'bench-mail-sync-app-secret';

const mailboxOf = (m: number) => `recruiter${m}@bench.example.com`;
const candidateOf = (m: number, k: number) => `candidate-${m}-${k}@example.org`;
const sentIdOf = (m: number, k: number) => `<bench-sent-${m}-${k}@talentloop.test>`;

/** The whole machine's CPU (all processes), from /proc/stat, in core-seconds. */
function machineCpu(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The fake Graph in its own process; its certificate trusted here, as the tests' fake does in-process. */
async function fakeGraphProcess() {
  // Node's default heap: the bench's heap limit is the server's, not the fake's (100,000 messages).
  const child = fork(path.join(import.meta.dirname, 'support/fake-graph-process.ts'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started = await new Promise<{ url: string; cert: string; config: Config['graph'] }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the fake Graph process ended (exit ${code})`)));
  });
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), started.cert]);
  const ask = <T>(request: FakeGraphRequest) => new Promise<T>((resolve) => { child.once('message', resolve); child.send(request); });
  return {
    config: started.config,
    fill: (inboxes: InboxFill[], spreadHours: number) => ask<unknown>({ op: 'fill', inboxes, spreadHours }),
    calls: () => ask<GraphCallCounts>({ op: 'calls' }),
    stop: () => child.disconnect(),
  };
}

/** The Graph client, counting the MIME bytes it fetched. */
function countingInbox(inbox: GraphInbox) {
  const counted = { mimeBytes: 0 };
  const wrapped: GraphInbox = {
    startUrl: (mailbox, since) => inbox.startUrl(mailbox, since),
    page: (url) => inbox.page(url),
    async mime(mailbox, id) {
      const raw = await inbox.mime(mailbox, id);
      counted.mimeBytes += raw.length;
      return raw;
    },
  };
  return { inbox: wrapped, counted };
}

type Graph = Awaited<ReturnType<typeof fakeGraphProcess>>;

/** Runs `read` for every mailbox, one after another, and measures it (see the file's comment). */
async function measure(graph: Graph, counted: { mimeBytes: number }, mailboxes: string[],
  read: (mailbox: string) => Promise<{ seen: number; fetched: number; stored: number }>) {
  global.gc?.();
  const memoryBefore = process.memoryUsage();
  let peakRss = memoryBefore.rss;
  let peakHeap = memoryBefore.heapUsed;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const memory = process.memoryUsage();
      peakRss = Math.max(peakRss, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
      await sleep(50);
    }
  })();
  const callsBefore = await graph.calls();
  const bytesBefore = counted.mimeBytes;
  const cpuBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  const perMailboxMs: number[] = [];
  const totals = { seen: 0, fetched: 0, stored: 0 };
  const began = performance.now();
  for (const mailbox of mailboxes) {
    const started = performance.now();
    const result = await read(mailbox);
    perMailboxMs.push(performance.now() - started);
    totals.seen += result.seen;
    totals.fetched += result.fetched;
    totals.stored += result.stored;
  }
  const wallSeconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const coreSeconds = (cpu.user + cpu.system) / 1e6;
  const machineBusy = machineCpu() - machineBefore;
  sampling = false;
  await sampler;
  const callsAfter = await graph.calls();
  return {
    wall_seconds: round(wallSeconds, 1),
    per_mailbox_ms: { p50: Math.round(percentile(perMailboxMs, 50)), p95: Math.round(percentile(perMailboxMs, 95)), max: Math.round(Math.max(...perMailboxMs)) },
    messages_seen: totals.seen,
    mime_fetched: totals.fetched,
    replies_stored: totals.stored,
    graph_calls: {
      delta_pages: callsAfter.deltaPages - callsBefore.deltaPages,
      mime_fetches: callsAfter.mimeFetches - callsBefore.mimeFetches,
      other: callsAfter.other - callsBefore.other,
    },
    mime_fetched_kb: Math.round((counted.mimeBytes - bytesBefore) / 1024),
    /** This process (the reader and the Graph client): CPU core-seconds, and per 1,000 messages read. */
    cpu_core_seconds: round(coreSeconds),
    cpu_ms_per_1000_messages: totals.seen ? Math.round((coreSeconds * 1000 * 1000) / totals.seen) : null,
    /** The whole machine (this process, PostgreSQL, the fake Graph), busy cores per wall second. */
    machine_busy_cores: round(machineBusy / wallSeconds),
    peak_rss_mb: mb(peakRss),
    rss_before_mb: mb(memoryBefore.rss),
    peak_heap_used_mb: mb(peakHeap),
  };
}

/** The recruiters, their mailboxes, one candidate per answer and the mail each was sent (as the delivery leaves it). */
async function seed(owner: import('pg').Pool) {
  await owner.query(
    `insert into public.profiles (id, username, display_name, email)
     select gen_random_uuid(), 'bench-recruiter-' || m, 'Recruiter ' || m, 'recruiter' || m || '@bench.example.com' from generate_series(0, $1 - 1) m`,
    [MAILBOXES]);
  await owner.query(
    `insert into public.mailboxes (email, user_id) select email::text, id from public.profiles where username like 'bench-recruiter-%'`);
  await owner.query(
    `insert into public.candidates (name, email) select 'Candidate ' || m || '-' || k, 'candidate-' || m || '-' || k || '@example.org'
       from generate_series(0, $1 - 1) m, generate_series(0, $2 - 1) k`, [MAILBOXES, REPLIES]);
  // Consent is only ever what the ledger says (decision 008); mail went out, so it was given.
  await owner.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording)
     select id, 'email', true, 'seed', 'Bench data' from public.candidates`);
  await owner.query(
    `insert into public.messages (candidate_id, direction, channel, subject, content, status, sender_id, mailbox, provider_message_id)
     select c.id, 'out', 'email', 'A role for you', 'Hi, a role at a scale-up.', 'sent', p.id, p.email::text,
            '<bench-sent-' || substring(c.email::text from '^candidate-(\\d+-\\d+)@') || '@talentloop.test>'
       from public.candidates c join public.profiles p
         on p.email = 'recruiter' || substring(c.email::text from '^candidate-(\\d+)-') || '@bench.example.com'`);
  await owner.query('vacuum analyze');
}

const replySpec = (m: number, k: number, batch: string): ReplySpec => ({
  from: candidateOf(m, k), name: `Candidate ${m}-${k}`, inReplyTo: sentIdOf(m, k), subject: 'A role for you',
  messageId: `<bench-reply-${batch}-${m}-${k}@mail.example.org>`,
});

export async function run() {
  const database = await benchDatabase('mailsync');
  const pools = await openDatabase(database.url, APP_SECRET);
  const graph = await fakeGraphProcess();
  const heartbeat = await startHeartbeat(pools.app, () => undefined);
  try {
    const mailboxes = Array.from({ length: MAILBOXES }, (_, m) => mailboxOf(m));
    const began = performance.now();
    await seed(pools.owner);
    await graph.fill(mailboxes.map((mailbox, m) => ({
      mailbox, tag: `first-${m}`, others: MESSAGES - REPLIES, replies: Array.from({ length: REPLIES }, (_, k) => replySpec(m, k, 'first')),
    })), 6 * 24);
    const seedSeconds = round((performance.now() - began) / 1000, 1);

    const { inbox, counted } = countingInbox(createGraphInbox({ ...loadConfig().graph, ...graph.config }));
    const sync = async (mailbox: string) => {
      const result: MailboxSyncResult = await syncMailbox({ app: pools.app, inbox, worker: heartbeat.identity.id }, mailbox);
      if (result.status !== 'synced') throw new Error(`${mailbox}: ${JSON.stringify(result)}`);
      return result;
    };

    // The floor: the same Graph reads by the same client, nothing else (answers known by their In-Reply-To).
    const graphAlone = await measure(graph, counted, mailboxes, async (mailbox) => {
      const totals = { seen: 0, fetched: 0, stored: 0 };
      let url: string | undefined = inbox.startUrl(mailbox, new Date(Date.now() - 7 * 86_400_000));
      while (url) {
        const page = await inbox.page(url);
        totals.seen += page.messages.length;
        for (const message of page.messages.filter((m) => m.references.length)) {
          await inbox.mime(mailbox, message.id);
          totals.fetched++;
        }
        url = page.nextLink;
      }
      return totals;
    });

    const firstSync = await measure(graph, counted, mailboxes, sync);

    await graph.fill(mailboxes.map((mailbox, m) => ({ mailbox, tag: `new-${m}`, others: NEW_MESSAGES - 1, replies: [replySpec(m, 0, 'new')] })), 1);
    const incrementalSync = await measure(graph, counted, mailboxes, sync);
    const nothingNew = await measure(graph, counted, mailboxes, sync);

    // As after 410 SyncStateNotFound: every delta link forgotten, each inbox read again from the last 7 days.
    await pools.owner.query(`update public.mailboxes set delta_link = null where email like '%@bench.example.com'`);
    const fromScratch = await measure(graph, counted, mailboxes, sync);

    const expected = MAILBOXES * (REPLIES + 1);
    const { rows: [stored] } = await pools.owner.query<{ stored: number; threaded: number; distinct_ids: number; unmatched: number }>(
      `select count(*)::int as stored, count(*) filter (where r.original_message_id = s.id)::int as threaded,
              count(distinct r.provider_message_id)::int as distinct_ids,
              (select count(*)::int from public.inbound_unmatched) as unmatched
         from public.messages r left join public.messages s on s.id = r.original_message_id
        where r.direction = 'in' and r.mailbox like '%@bench.example.com'`);

    return {
      name: 'mail-sync',
      mailboxes: MAILBOXES,
      inbox_messages_per_mailbox: MESSAGES,
      replies_per_mailbox: REPLIES,
      new_messages_per_mailbox_before_incremental: NEW_MESSAGES,
      seed_seconds: seedSeconds,
      graph_client_alone: graphAlone,
      first_sync: firstSync,
      /** The first read per mailbox (median) over the Graph client alone reading the same pages and MIME. */
      ratio_first_sync_to_graph_client_alone_p50: round(firstSync.per_mailbox_ms.p50 / graphAlone.per_mailbox_ms.p50),
      incremental_sync: incrementalSync,
      rerun_nothing_new: nothingNew,
      reread_after_lost_delta_state: fromScratch,
      replies: {
        expected,
        stored: stored.stored,
        threaded_to_the_sent_mail: stored.threaded,
        duplicates: stored.stored - stored.distinct_ids,
        stored_by_the_reruns: nothingNew.replies_stored + fromScratch.replies_stored,
        kept_aside_unmatched: stored.unmatched,
        seen_at_most_once: stored.stored === expected && stored.distinct_ids === expected && nothingNew.replies_stored + fromScratch.replies_stored === 0,
      },
      reader: 'one reader, mailboxes one after another (as one worker); the fake Graph in its own process; embedded PostgreSQL, fsync on',
    };
  } finally {
    await heartbeat.stop();
    graph.stop();
    await pools.close();
    await database.stop();
  }
}
