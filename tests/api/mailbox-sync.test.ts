// Candidates' answers read from the recruiter's own inbox (issue 28, decision 039), on the real API,
// database and worker, with the real Graph client against the fake Graph's delta query: an answer put
// in the fake inbox is in its thread after one read (its sequence stops, its sentiment is set) and only
// its MIME is fetched; mail that is no candidate's answer is never fetched or stored; the delta link
// survives a restart; 410 starts again from the last 7 days without storing an answer twice; 429 and
// 5xx make that mailbox, and only that one, wait; one worker at a time reads a mailbox.
// MS_MAIL_SYNC_SECONDS is an hour here, so no read happens unless a test asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../support/auth-users.ts';
import { startFakeGraph, type FakeGraph, mailboxTestConfig, recordedGraphMail } from '../support/fake-graph.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, startAppWithWorker, type TestAppWithWorker } from '../support/harness.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { createGraphInbox } from '#platform/mail/graph-inbox.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { syncMailbox } from '#domain/messages/mailbox-sync.server.ts';
import { claimMailbox } from '#domain/mail/mailboxes.server.ts';
import { asService } from '#platform/db/request.server.ts';
import type { Thread, ThreadSummary } from '#domain/messages/schemas.ts';

let graph: FakeGraph;
let app: TestAppWithWorker;
const beats: Heartbeat[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startAppWithWorker({
    config: {
      openai: NO_AI, ...mailboxTestConfig(graph),
    },
  });
  const admin = app.client({ ip: '10.129.0.1' });
  await signInAdmin(admin);
  expect((await admin.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'recruiter' } })).status).toBe(200);
});
afterAll(async () => {
  for (const beat of beats) await beat.stop();
  await app?.close();
  await graph?.close();
});

/** A worker of its own (a live heartbeat), reading with a Graph client of its own, as after a restart. */
async function reader(pageSize = 100) {
  const beat = await startHeartbeat(app.pools.app, () => undefined);
  beats.push(beat);
  const inbox = createGraphInbox(graph.config, undefined, pageSize);
  return (mailbox: string) => syncMailbox({ app: app.pools.app, inbox, worker: beat.identity.id }, mailbox);
}

let ips = 0;
/** A recruiter of this test alone who wrote to a new candidate; what the candidate received. */
async function conversation(options: { steps?: Array<{ delayDays: number; content: string }> } = {}) {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.129.1.${++ips}` });
  expect((await login(client, user)).status).toBe(200);
  const mailbox = `${user.username}@example.com`;
  const candidate = await newCandidate(client, { name: `Casey Answer ${uniqueTag()}` });
  const pool = await newPool(client, [candidate.id]);
  const created = await client.post('/api/campaigns', {
    name: `Inbox ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, scheduledAt: new Date(Date.now() - 1000).toISOString(),
    emailSubject: 'A role for you', emailContent: 'Hi {{firstName}},\n\nA role at a scale-up.', messageTemplate: 'Hi {{firstName}},\n\nA role at a scale-up.',
    steps: options.steps ?? [{ delayDays: 2, content: 'Any news?' }],
  });
  expect(created.status, created.text).toBe(201);
  const sent = await recordedGraphMail(graph, app.pools.owner, { id: candidate.id, email: candidate.email! });
  return { client, mailbox, candidate: { id: candidate.id, email: candidate.email!, name: candidate.name }, campaignId: created.json.campaign.id as number,
    sentMessageId: sent.messageId, sentRowId: sent.rowId, subject: sent.subject };
}

/** The candidate's answer as their mail client writes it. */
function answer(c: Awaited<ReturnType<typeof conversation>>, text: string, headers: Record<string, string> = {}) {
  const id = `<answer-${uniqueTag()}@mail.example.org>`;
  const fields = {
    From: `${c.candidate.name} <${c.candidate.email}>`, To: c.mailbox, Subject: `Re: ${c.subject}`, 'Message-ID': id,
    'In-Reply-To': c.sentMessageId, References: c.sentMessageId, Date: new Date().toUTCString(), 'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  };
  const head = Object.entries(fields).filter(([, value]) => value).map(([name, value]) => `${name}: ${value}`).join('\r\n');
  return { id, mime: `${head}\r\n\r\n${text}\r\n\r\nOn Monday you wrote:\r\n> Hi,\r\n> A role at a scale-up.\r\n` };
}

/** Someone who is not a candidate writing to the recruiter (a newsletter, a colleague). */
function otherMail(mailbox: string) {
  const id = `<other-${uniqueTag()}@news.example.com>`;
  return { id, mime: `From: News <news@example.com>\r\nTo: ${mailbox}\r\nSubject: This week\r\nMessage-ID: ${id}\r\n\r\nOur weekly news.\r\n` };
}

const thread = async (c: Awaited<ReturnType<typeof conversation>>) => (await c.client.get(`/api/messages/${c.sentRowId}/thread`)).json as Thread;
const mimeFetches = (mailbox: string) => graph.calls.filter((call) => call.path.startsWith(`/users/${mailbox}/messages/`) && call.path.endsWith('/$value')).length;
const deltaCalls = (mailbox: string) => graph.calls.filter((call) => call.path === `/users/${mailbox}/mailFolders/inbox/messages/delta`);
const storedAnywhere = async (internetMessageId: string) => (await app.pools.owner.query(
  `select 1 from public.messages where provider_message_id = $1 union all select 1 from public.inbound_unmatched where internet_message_id = $1`,
  [internetMessageId])).rowCount;

describe('reading the recruiter\'s inbox', () => {
  it('an answer is in its thread after one read: the sequence stops, the sentiment is set, only its MIME is fetched', async () => {
    const c = await conversation();
    const other = otherMail(c.mailbox);
    graph.receive(c.mailbox, other.mime);
    const reply = answer(c, 'Yes, I am very interested, this sounds great! Happy to talk next week.');
    graph.receive(c.mailbox, reply.mime);
    graph.receive(c.mailbox, otherMail(c.mailbox).mime);

    // Pages of 2: the read follows @odata.nextLink to the @odata.deltaLink.
    const result = await (await reader(2))(c.mailbox);
    expect(result).toMatchObject({ status: 'synced', pages: 2, seen: 3, fetched: 1, stored: 1 });
    expect(deltaCalls(c.mailbox)[0].query).toMatchObject({
      $select: expect.stringContaining('internetMessageHeaders'), $filter: expect.stringMatching(/^receivedDateTime ge \d{4}-/),
    });
    expect(mimeFetches(c.mailbox)).toBe(1);

    const messages = (await thread(c)).messages;
    expect(messages.map((m) => [m.direction, m.status])).toEqual([['out', 'sent'], ['in', 'received']]);
    expect(messages[1]).toMatchObject({ sentiment: 'positive', content: 'Yes, I am very interested, this sounds great! Happy to talk next week.' });
    const recipients = (await c.client.get(`/api/campaigns/${c.campaignId}/recipients`)).json as { recipients: Array<{ exitReason: string | null }> };
    expect(recipients.recipients[0].exitReason).toBe('replied');
    // Mail that is no candidate's answer: neither fetched nor stored, not even kept aside.
    expect(await storedAnywhere(other.id)).toBe(0);
  });

  it('a sender who is a candidate this recruiter wrote to is read even without the threading headers', async () => {
    const c = await conversation();
    const reply = answer(c, 'Sorry, not interested at the moment.', { 'In-Reply-To': '', References: '' });
    graph.receive(c.mailbox, reply.mime);
    expect(await (await reader())(c.mailbox)).toMatchObject({ status: 'synced', fetched: 1, stored: 1 });
    // Without the headers it starts a thread of its own with the candidate (the inbound path's rule).
    const threads = (await c.client.get(`/api/messages?candidateId=${c.candidate.id}`)).json as { threads: ThreadSummary[] };
    expect(threads.threads.find((t) => t.lastMessage.direction === 'in')).toMatchObject({
      sentiment: 'negative', needsReply: true, lastMessage: { content: 'Sorry, not interested at the moment.' },
    });
  });

  it('keeps the delta link across a restart: the next read asks only for what came since', async () => {
    const c = await conversation();
    graph.receive(c.mailbox, answer(c, 'Sounds good, tell me more.').mime);
    expect(await (await reader())(c.mailbox)).toMatchObject({ status: 'synced', stored: 1 });
    const later = answer(c, 'And could we meet on Friday?');
    graph.receive(c.mailbox, later.mime);

    const afterRestart = await reader();
    expect(await afterRestart(c.mailbox)).toMatchObject({ status: 'synced', seen: 1, fetched: 1, stored: 1 });
    expect(deltaCalls(c.mailbox).at(-1)!.query.$deltatoken).toBeTruthy();
    expect((await thread(c)).messages.filter((m) => m.direction === 'in')).toHaveLength(2);
  });

  it('410 SyncStateNotFound starts again from the last 7 days and stores no answer twice', async () => {
    const c = await conversation();
    const first = answer(c, 'Interested, yes.');
    graph.receive(c.mailbox, first.mime);
    const read = await reader();
    expect(await read(c.mailbox)).toMatchObject({ status: 'synced', stored: 1 });

    graph.expireDelta(c.mailbox);
    graph.receive(c.mailbox, answer(c, 'An old answer that was never read.').mime, new Date(Date.now() - 10 * 86_400_000));
    graph.receive(c.mailbox, answer(c, 'One more question: is it remote?').mime);
    const fetchedBefore = mimeFetches(c.mailbox);
    expect(await read(c.mailbox)).toMatchObject({ status: 'synced', restarted: true, seen: 2, fetched: 1, stored: 1 });
    expect(mimeFetches(c.mailbox) - fetchedBefore).toBe(1);
    const inbound = (await thread(c)).messages.filter((m) => m.direction === 'in').map((m) => m.content);
    expect(inbound).toEqual(['Interested, yes.', 'One more question: is it remote?']);
  });

  it('429 with Retry-After makes that mailbox wait, and only that one; a 5xx backs off with the reason shown', async () => {
    const throttled = await conversation();
    const other = await conversation();
    graph.receive(throttled.mailbox, answer(throttled, 'Yes please.').mime);
    graph.receive(other.mailbox, answer(other, 'Yes please.').mime);
    graph.fail({ path: new RegExp(`^/users/${throttled.mailbox}/mailFolders/inbox/messages/delta$`) }, { status: 429, retryAfter: '120' });
    const read = await reader();

    expect(await read(throttled.mailbox)).toEqual({ status: 'stopped', code: 'mailbox.throttled', waitSeconds: 120 });
    expect(await read(other.mailbox)).toMatchObject({ status: 'synced', stored: 1 });
    const calls = deltaCalls(throttled.mailbox).length;
    expect(await read(throttled.mailbox)).toEqual({ status: 'skipped' });
    expect(deltaCalls(throttled.mailbox)).toHaveLength(calls);
    const { rows: [waiting] } = await app.pools.owner.query<{ seconds: number; state: string }>(
      'select extract(epoch from retry_after - now())::int as seconds, state from public.mailboxes where email = $1', [throttled.mailbox]);
    expect(waiting.seconds).toBeGreaterThan(100);
    expect(waiting.state).toBe('syncing');

    const failing = await conversation();
    graph.fail({ path: new RegExp(`^/users/${failing.mailbox}/mailFolders/inbox/messages/delta$`) }, { status: 503, message: 'Service Unavailable' });
    expect(await read(failing.mailbox)).toEqual({ status: 'stopped', code: 'mailbox.failed', waitSeconds: 60 });
    const { rows: [failed] } = await app.pools.owner.query<{ state: string; error: string; error_code: string }>(
      'select state, error, error_code from public.mailboxes where email = $1', [failing.mailbox]);
    expect(failed).toEqual({ state: 'error', error_code: 'mailbox.failed',
      error: `Microsoft Graph could not read ${failing.mailbox} (503): Service Unavailable; reading it again in 60 s` });
  });

  it('one worker at a time reads a mailbox', async () => {
    const c = await conversation();
    graph.receive(c.mailbox, answer(c, 'Happy to chat.').mime);
    // A live worker holds the mailbox, as it does for the length of its read: another is turned away meanwhile.
    const holder = await startHeartbeat(app.pools.app, () => undefined);
    beats.push(holder);
    expect(await asService(app.pools.app, (tx) => claimMailbox(tx, c.mailbox, holder.identity.id))).not.toBeNull();
    expect(await (await reader())(c.mailbox)).toEqual({ status: 'skipped' });
    const inbox = createGraphInbox(graph.config, undefined, 100);
    expect(await syncMailbox({ app: app.pools.app, inbox, worker: holder.identity.id }, c.mailbox)).toMatchObject({ status: 'synced' });
    expect((await thread(c)).messages.filter((m) => m.direction === 'in')).toHaveLength(1);
  });
});
