// The recruiters' own mailboxes in Settings → Integrations (issue 28, decision 040), on the real API, database
// and worker, with the real Graph client against the fake Graph: a recruiter sees only their own mailbox and
// an admin every one, each with its state; a mail Graph refuses to send shows the mailbox in error with Graph's
// words; "Sync now" queues a read that follows at once, also after a failed read's back-off and for a mailbox
// no mail has left yet; a recruiter cannot sync another's mailbox. MS_MAIL_SYNC_SECONDS is an hour here, so
// no read happens unless a test asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../support/auth-users.ts';
import { startFakeGraph, type FakeGraph, mailboxTestConfig } from '../support/fake-graph.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import { withClaims } from '#platform/db/request.server.ts';
import { createGraphInbox } from '#platform/mail/graph-inbox.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { syncMailbox } from '#domain/messages/mailbox-sync.server.ts';
import type { Integrations, MailboxState } from '#domain/integrations/schemas.ts';
import type { Thread } from '#domain/messages/schemas.ts';

let graph: FakeGraph;
let app: TestAppWithWorker;
let admin: TestClient;
const beats: Heartbeat[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startAppWithWorker({
    config: {
      openai: NO_AI, ...mailboxTestConfig(graph),
    },
  });
  admin = app.client({ ip: '10.131.0.1' });
  await signInAdmin(admin);
  expect((await admin.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'recruiter' } })).status).toBe(200);
});
afterAll(async () => {
  for (const beat of beats) await beat.stop();
  await app?.close();
  await graph?.close();
});

let ips = 0;
/** A recruiter of this test alone, signed in; their mailbox is their profile email. */
async function newRecruiter() {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.131.1.${++ips}` });
  expect((await login(client, user)).status).toBe(200);
  return { id: user.id, client, email: `${user.username}@example.com` };
}

const mailboxes = async (client: TestClient) => ((await client.get('/api/settings/integrations')).json as Integrations).mailboxes;
const mailboxOf = async (client: TestClient, email: string) => (await mailboxes(client)).find((m) => m.email === email);
const syncNow = (client: TestClient, userId: string) => client.post(`/api/settings/integrations/mailboxes/${userId}/sync`, {});

/** A mail from the recruiter to a new candidate, once it has left (or failed); its message. */
async function sendMail(recruiter: Awaited<ReturnType<typeof newRecruiter>>) {
  const candidate = await newCandidate(recruiter.client, { name: `Mia Mailbox ${uniqueTag()}` });
  const sent = await recruiter.client.post(`/api/candidates/${candidate.id}/messages`, { channel: 'email', subject: 'Hello', content: 'Hi there.' });
  expect(sent.status, sent.text).toBe(201);
  const id = sent.json.message.id as number;
  return until(async () => (await recruiter.client.get(`/api/messages/${id}`)).json as { id: number; status: string },
    (m) => m.status === 'sent' || m.status === 'failed');
}

describe('the recruiters\' mailboxes in Settings → Integrations', () => {
  it('a recruiter sees only their own mailbox, an admin every one; a mailbox never read is not connected', async () => {
    const anna = await newRecruiter();
    const bram = await newRecruiter();
    const notRead = {
      state: 'not_connected', lastSyncAt: null, errorCode: 'mailbox.not_read_yet', errorParams: null,
      error: 'Not read yet: it is read once mail leaves it, or at once with Sync now',
    };
    // Bram's mailbox has its row once mail left it: still not read.
    expect((await sendMail(bram)).status).toBe('sent');
    expect(await mailboxes(anna.client)).toEqual([{ email: anna.email, userId: anna.id, ...notRead }]);
    expect(await mailboxes(bram.client)).toEqual([{ email: bram.email, userId: bram.id, ...notRead }]);
    expect(await mailboxes(admin)).toEqual(expect.arrayContaining([
      { email: anna.email, userId: anna.id, ...notRead }, { email: bram.email, userId: bram.id, ...notRead },
    ]));
    // Row-level security, not only the API, keeps the others' mailboxes from a recruiter: the table itself.
    const tableAs = (id: string) => withClaims(app.pools.app, { role: 'authenticated', sub: id },
      async (tx) => (await tx.query<{ email: string }>('select email from public.mailboxes')).rows.map((row) => row.email));
    expect(await tableAs(anna.id)).toEqual([]);
    expect(await tableAs(bram.id)).toEqual([bram.email]);
  });

  it('a mail Graph refuses to send shows its mailbox in error with Graph\'s words, to the recruiter and to an admin', async () => {
    const refused = await newRecruiter();
    graph.refuseMailbox(refused.email, 403);
    expect((await sendMail(refused)).status).toBe('failed');
    const expected: Partial<MailboxState> = {
      email: refused.email, userId: refused.id, state: 'error', errorCode: 'mailbox.send_refused',
      errorParams: { mailbox: refused.email, status: 403, detail: expect.stringContaining('AccessPolicy') },
      error: expect.stringMatching(new RegExp(`^Microsoft 365 refused to send from the mailbox ${refused.email} \\(403\\): Access to OData is disabled`)),
    };
    expect(await mailboxOf(refused.client, refused.email)).toMatchObject(expected);
    expect(await mailboxOf(admin, refused.email)).toMatchObject(expected);
  });

  it('Sync now reads a mailbox no mail has left yet, at once: then it is syncing', async () => {
    const recruiter = await newRecruiter();
    const queued = await syncNow(recruiter.client, recruiter.id);
    expect(queued.status, queued.text).toBe(202);
    expect(queued.json).toEqual({ queued: [recruiter.email] });
    const synced = await until(() => mailboxOf(recruiter.client, recruiter.email), (m) => m?.state === 'syncing');
    expect(synced).toMatchObject({ error: null, errorCode: null, lastSyncAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(graph.calls.some((call) => call.path === `/users/${recruiter.email}/mailFolders/inbox/messages/delta`)).toBe(true);
  });

  it('after a failed read Sync now does not wait for the back-off: the read that follows clears the error', async () => {
    const recruiter = await newRecruiter();
    const sent = await sendMail(recruiter);
    expect(sent.status).toBe('sent');
    // The thread says which mailbox the mail left.
    const thread = (await recruiter.client.get(`/api/messages/${sent.id}/thread`)).json as Thread;
    expect(thread.messages[0].mailbox).toBe(recruiter.email);

    graph.fail({ path: new RegExp(`^/users/${recruiter.email}/mailFolders/inbox/messages/delta`) }, { status: 503, message: 'Service unavailable' }, 1);
    const beat = await startHeartbeat(app.pools.app, () => undefined);
    beats.push(beat);
    const read = await syncMailbox({ app: app.pools.app, inbox: createGraphInbox(graph.config), worker: beat.identity.id }, recruiter.email);
    expect(read).toMatchObject({ status: 'stopped', code: 'mailbox.failed', waitSeconds: 60 });
    expect(await mailboxOf(recruiter.client, recruiter.email)).toMatchObject({
      state: 'error', errorCode: 'mailbox.failed', errorParams: { mailbox: recruiter.email, status: 503, seconds: 60 },
    });

    expect((await syncNow(recruiter.client, recruiter.id)).status).toBe(202);
    const synced = await until(() => mailboxOf(recruiter.client, recruiter.email), (m) => m?.state === 'syncing');
    expect(synced).toMatchObject({ error: null, errorCode: null, errorParams: null });
  });

  it('an admin may sync anyone\'s mailbox; a recruiter only their own (403), an unknown user is 404, a bad id 400', async () => {
    const recruiter = await newRecruiter();
    const other = await newRecruiter();
    const notYours = await syncNow(recruiter.client, other.id);
    expect(notYours.status).toBe(403);
    expect(notYours.json).toMatchObject({ code: 'mailbox_not_yours', field: 'userId', error: 'You can read only your own mailbox (userId)' });
    const byAdmin = await syncNow(admin, other.id);
    expect(byAdmin.status, byAdmin.text).toBe(202);
    expect(byAdmin.json).toEqual({ queued: [other.email] });

    const unknown = await syncNow(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'mailbox_not_found', field: 'userId' });
    const bad = await syncNow(recruiter.client, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'validation.user_id', field: 'userId' });
  });
});
