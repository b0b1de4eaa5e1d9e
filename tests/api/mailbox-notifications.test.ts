// Graph change notifications on the recruiters' inboxes (issue 28, decision 039), on the real API (served
// over HTTP, where the fake Graph posts as Graph does), database and worker, with the real Graph client
// against the fake: with an https PUBLIC_URL a mailbox that was read gets a subscription (the fake makes it
// only after the validation handshake is answered); a mail arriving then makes Graph notify, and the answer
// is in its thread without waiting for the poll (MS_MAIL_SYNC_SECONDS is an hour here); a wrong clientState
// is ignored and counted against its sender; subscriptions are renewed before they expire, and made again
// when Graph lost one; without https there is none; bad input is a 4xx naming the field.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../support/auth-users.ts';
import { ORIGIN } from '../support/constants.ts';
import { startFakeGraph, type FakeGraph, type FakeSubscription, mailboxTestConfig, recordedGraphMail } from '../support/fake-graph.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, startAppWithWorker, type TestAppWithWorker } from '../support/harness.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import { createGraphInbox } from '#platform/mail/graph-inbox.server.ts';
import { createGraphSubscriptions } from '#platform/mail/graph-subscriptions.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { syncMailbox } from '#domain/messages/mailbox-sync.server.ts';
import { keepMailSubscriptions } from '#worker/jobs/mail-subscriptions.ts';
import type { Thread } from '#domain/messages/schemas.ts';

const PUBLIC_URL = 'https://talentloop.example';
const NOTIFICATION_URL = `${PUBLIC_URL}/api/graph/notifications`;

let graph: FakeGraph;
let app: TestAppWithWorker;
let server: ReturnType<typeof serve>;
let beat: Heartbeat;

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startAppWithWorker({
    config: {
      publicUrl: PUBLIC_URL, trustedOrigins: [ORIGIN],
      openai: NO_AI, ...mailboxTestConfig(graph),
    },
  });
  // Graph posts to PUBLIC_URL; here that is the API listening on 127.0.0.1.
  server = serve({ fetch: app.api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  graph.webhookOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  beat = await startHeartbeat(app.pools.app, () => undefined);
  const admin = app.client({ ip: '10.131.0.1' });
  await signInAdmin(admin);
  expect((await admin.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'recruiter' } })).status).toBe(200);
});
afterAll(async () => {
  await beat?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await app?.close();
  await graph?.close();
});

/** One pass of the mail-subscriptions job, with the worker's configuration (or another PUBLIC_URL). */
const keepSubscriptions = (publicUrl = PUBLIC_URL) =>
  keepMailSubscriptions({ pools: app.pools, config: { ...app.config, publicUrl } }, createGraphSubscriptions(graph.config));

let ips = 0;
/** A recruiter of this test alone who wrote to a new candidate, and whose inbox was read once (nothing in it yet). */
async function readMailbox() {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.131.1.${++ips}` });
  expect((await login(client, user)).status).toBe(200);
  const mailbox = `${user.username}@example.com`;
  const candidate = await newCandidate(client, { name: `Noa Notified ${uniqueTag()}` });
  const pool = await newPool(client, [candidate.id]);
  const created = await client.post('/api/campaigns', {
    name: `Notified ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, scheduledAt: new Date(Date.now() - 1000).toISOString(),
    emailSubject: 'A role for you', emailContent: 'Hi {{firstName}},\n\nA role at a scale-up.', messageTemplate: 'Hi {{firstName}},\n\nA role at a scale-up.',
  });
  expect(created.status, created.text).toBe(201);
  const sent = await recordedGraphMail(graph, app.pools.owner, { id: candidate.id, email: candidate.email! });
  const read = await syncMailbox({ app: app.pools.app, inbox: createGraphInbox(graph.config), worker: beat.identity.id }, mailbox);
  expect(read).toMatchObject({ status: 'synced' });
  return { client, mailbox, candidate: { email: candidate.email!, name: candidate.name }, sentMessageId: sent.messageId, sentRowId: sent.rowId, subject: sent.subject };
}

function answer(c: Awaited<ReturnType<typeof readMailbox>>, text: string) {
  return [
    `From: ${c.candidate.name} <${c.candidate.email}>`, `To: ${c.mailbox}`, `Subject: Re: ${c.subject}`,
    `Message-ID: <answer-${uniqueTag()}@mail.example.org>`, `In-Reply-To: ${c.sentMessageId}`, `References: ${c.sentMessageId}`,
    `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8', '', text, '',
  ].join('\r\n');
}

const subscriptionOf = (mailbox: string): FakeSubscription | undefined => [...graph.subscriptions.values()].find((s) => s.mailbox === mailbox);
const inbound = async (c: Awaited<ReturnType<typeof readMailbox>>) =>
  ((await c.client.get(`/api/messages/${c.sentRowId}/thread`)).json as Thread).messages.filter((m) => m.direction === 'in');
const queuedReads = async (mailbox: string) => Number((await app.pools.owner.query<{ n: string }>(
  "select count(*) as n from pgboss.job where name = 'mail-sync' and data->>'mailbox' = $1", [mailbox])).rows[0].n);

/** What Graph posts for a new message in the subscribed inbox, with this clientState. */
const notification = (s: FakeSubscription, clientState: string | null) => ({
  value: [{
    subscriptionId: s.id, subscriptionExpirationDateTime: s.expirationDateTime, clientState, changeType: 'created',
    resource: `Users/${s.mailbox}/Messages/AAMkAG1`, tenantId: 'fake-tenant', resourceData: { '@odata.type': '#Microsoft.Graph.Message', id: 'AAMkAG1' },
  }],
});

describe('change notifications on the recruiter\'s inbox', () => {
  it('a read mailbox gets a subscription, and a mail arriving is in its thread at once, without waiting for the poll', async () => {
    const c = await readMailbox();
    expect((await keepSubscriptions()).failed).toBe(0);

    // The fake made it only after the API answered its validation handshake.
    const subscription = subscriptionOf(c.mailbox)!;
    expect(subscription).toMatchObject({ resource: `users/${c.mailbox}/mailFolders('inbox')/messages`, changeType: 'created', notificationUrl: NOTIFICATION_URL });
    const minutesLeft = (Date.parse(subscription.expirationDateTime) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4000);
    expect(minutesLeft).toBeLessThanOrEqual(4230);
    // The secret Graph sends back is not kept as such.
    const { rows } = await app.pools.owner.query('select 1 from public.mailbox_subscriptions where client_state_hash = $1 or subscription_id = $1', [subscription.clientState]);
    expect(rows).toHaveLength(0);

    graph.receive(c.mailbox, answer(c, 'Yes, I would like to hear more. Call me tomorrow?'));
    const messages = await until(() => inbound(c), (list) => list.length > 0);
    expect(messages).toMatchObject([{ status: 'received', content: 'Yes, I would like to hear more. Call me tomorrow?' }]);
    expect(graph.notifications.filter((n) => n.subscriptionId === subscription.id).map((n) => n.status)).toEqual([202]);
  });

  it('answers the validation handshake with the token as text/plain', async () => {
    const token = 'Validation: Testing client application reachability for subscription Request-Id: 1a2b <&>';
    const response = await fetch(`${graph.webhookOrigin}/api/graph/notifications?validationToken=${encodeURIComponent(token)}`, {
      method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(token);
  });

  it('ignores a notification with a wrong clientState, and counts it against its sender', async () => {
    const c = await readMailbox();
    await keepSubscriptions();
    const subscription = subscriptionOf(c.mailbox)!;
    const forger = app.client({ ip: '10.131.9.9' });

    const forged = await forger.post('/api/graph/notifications', notification(subscription, 'guessed-secret'), { origin: null });
    expect(forged.status).toBe(202);
    expect(forged.json).toEqual({ accepted: 0, ignored: 1, mailboxesQueued: 0 });
    expect(await queuedReads(c.mailbox)).toBe(0);
    expect((await forger.post('/api/graph/notifications', notification(subscription, null), { origin: null })).json).toMatchObject({ ignored: 1 });

    for (let i = 0; i < 28; i++) await forger.post('/api/graph/notifications', notification(subscription, `guess-${i}`), { origin: null });
    const limited = await forger.post('/api/graph/notifications', notification(subscription, subscription.clientState), { origin: null });
    expect(limited.status).toBe(429);
    expect(limited.json.field).toBe('clientState');
    expect(await queuedReads(c.mailbox)).toBe(0);

    // Graph itself, from elsewhere, with the right secret: that mailbox's read is queued.
    const right = await app.client({ ip: '10.131.9.10' }).post('/api/graph/notifications', notification(subscription, subscription.clientState), { origin: null });
    expect(right.json).toEqual({ accepted: 1, ignored: 0, mailboxesQueued: 1 });
    expect(await queuedReads(c.mailbox)).toBeGreaterThan(0);
  });

  it('renews a subscription before it expires, and makes a new one when Graph lost it', async () => {
    const c = await readMailbox();
    await keepSubscriptions();
    const subscription = subscriptionOf(c.mailbox)!;
    // Two hours left, as 68 hours after it was made.
    await app.pools.owner.query("update public.mailbox_subscriptions set expires_at = now() + interval '2 hours' where mailbox = $1", [c.mailbox]);

    expect((await keepSubscriptions()).renewed).toBeGreaterThan(0);
    const patch = graph.calls.find((call) => call.method === 'PATCH' && call.path === `/subscriptions/${subscription.id}`)!;
    const renewedTo = Date.parse(patch.body!.expirationDateTime as string);
    expect(renewedTo - Date.now()).toBeGreaterThan(4000 * 60_000);
    expect(subscriptionOf(c.mailbox)!.expirationDateTime).toBe(patch.body!.expirationDateTime);
    const { rows: [kept] } = await app.pools.owner.query<{ hours: number }>(
      'select (extract(epoch from expires_at - now()) / 3600)::float8 as hours from public.mailbox_subscriptions where mailbox = $1', [c.mailbox]);
    expect(kept.hours).toBeGreaterThan(66);

    // Graph dropped it (a renewal answers 404): a new one is made in the same pass.
    graph.subscriptions.delete(subscription.id);
    await app.pools.owner.query("update public.mailbox_subscriptions set expires_at = now() + interval '2 hours' where mailbox = $1", [c.mailbox]);
    await keepSubscriptions();
    expect(subscriptionOf(c.mailbox)!.id).not.toBe(subscription.id);
    graph.receive(c.mailbox, answer(c, 'Still interested, yes.'));
    expect(await until(() => inbound(c), (list) => list.length > 0)).toMatchObject([{ content: 'Still interested, yes.' }]);
  });

  it('makes no subscription without an https PUBLIC_URL', async () => {
    const c = await readMailbox();
    expect(await keepSubscriptions('http://talentloop.example')).toEqual({ created: 0, renewed: 0, failed: 0 });
    expect(subscriptionOf(c.mailbox)).toBeUndefined();
    expect(graph.calls.filter((call) => call.path === '/subscriptions' && call.body?.resource === `users/${c.mailbox}/mailFolders('inbox')/messages`)).toHaveLength(0);
  });

  it('answers bad input with a 4xx naming the field', async () => {
    const client = app.client({ ip: '10.131.9.20' });
    const post = (body: unknown) => client.post('/api/graph/notifications', body, { origin: null });
    expect((await post({})).json).toMatchObject({ field: 'value' });
    expect((await post({ value: [] })).status).toBe(400);
    const missing = await post({ value: [{ clientState: 'x' }] });
    expect(missing.status).toBe(400);
    expect(missing.json.field).toBe('value.0.subscriptionId');
    expect((await post('{"value": [')).json).toMatchObject({ field: 'body' });
    const tooLong = await client.post(`/api/graph/notifications?validationToken=${'x'.repeat(3000)}`, undefined, { origin: null });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.field).toBe('validationToken');
    const plain = await app.api.request(`${ORIGIN}/api/graph/notifications`, {
      method: 'POST', headers: { 'content-type': 'text/plain', 'x-test-client-ip': '10.131.9.20' }, body: 'hello',
    });
    expect(plain.status).toBe(415);
    expect((await plain.json() as { field: string }).field).toBe('content-type');
  });
});
