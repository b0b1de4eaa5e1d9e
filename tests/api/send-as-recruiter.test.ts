// Mail from the recruiter's own mailbox (issue 28, decision 039), on the real API, database and worker,
// with the real Graph client talking to the fake Graph (tests/support/fake-graph.ts): with the
// organisation's sendFrom "recruiter", a message, a reply and each campaign mail leave through
// POST /users/{recruiter's profile email}/sendMail, with their name, address and signature; a campaign
// sends as the recruiter who launched it; a mailbox Graph refuses fails its mail with the reason and
// never sends it from another address; the daily cap counts per recruiter mailbox; a meeting's
// confirmation and cancellation leave the mailbox of the meeting's recruiter.
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser, type TestUser } from '../support/auth-users.ts';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { newBookableRecruiter, newLink, roundTheClock, slotsOf } from '../support/meeting-data.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import type { OrganisationSettings } from '#domain/settings/schemas.ts';

const SHARED_MAILBOX = 'recruiting@talentloop.test';
/** The daily cap per sending mailbox in this file (MAIL_DAILY_CAP_PER_SENDER). */
const DAILY_CAP = 2;

let graph: FakeGraph;
let app: TestAppWithWorker;
let admin: TestClient;

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startAppWithWorker({
    config: {
      openai: NO_AI, smtp: { url: undefined, from: `Talentloop Recruiting <${SHARED_MAILBOX}>` },
      graph: { ...graph.config, mailbox: SHARED_MAILBOX }, senderLimits: { dailyCap: DAILY_CAP, perMinute: null },
    },
  });
  admin = app.client({ ip: '10.128.0.1' });
  await signInAdmin(admin);
  const saved = await admin.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'recruiter' } });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

/** A recruiter of this test alone (their own mailbox, so their own sender counters), signed in. */
async function newRecruiter(): Promise<{ user: TestUser; client: TestClient; email: string; name: string }> {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.128.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}` });
  expect((await login(client, user)).status).toBe(200);
  return { user, client, email: `${user.username}@example.com`, name: `Test ${user.username}` };
}

/** The mails Graph accepted for `to`, parsed, once there are `count`. */
async function sentTo(to: string, count = 1): Promise<Array<{ mailbox: string; mail: ParsedMail }>> {
  const found = await until(() => Promise.resolve(graph.sent.filter((sent) => sent.mime.includes(to))), (list) => list.length >= count);
  return Promise.all(found.map(async (sent) => ({ mailbox: sent.mailbox, mail: await simpleParser(sent.mime) })));
}

const message = async (client: TestClient, id: number) => (await client.get(`/api/messages/${id}`)).json as {
  status: string; error: string | null; errorCode: string | null; errorParams: Record<string, unknown> | null;
};

describe('the organisation setting sendFrom', () => {
  it('is "shared" unless an admin chooses "recruiter"; recruiters read it and cannot change it', async () => {
    const read = await admin.get('/api/settings/organisation');
    expect((read.json as OrganisationSettings).sendFrom).toBe('recruiter');
    const recruiter = app.client({ ip: '10.128.250.1' });
    await signInRecruiter(recruiter);
    expect((await recruiter.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'shared' } })).status).toBe(403);
    const wrong = await admin.send('PUT', '/api/settings/organisation', { body: { sendFrom: 'mine' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ field: 'sendFrom', code: 'validation.choice', error: 'sendFrom must be shared or recruiter' });
    expect(((await recruiter.get('/api/settings/organisation')).json as OrganisationSettings).sendFrom).toBe('recruiter');
  });
});

describe('mail from the recruiter\'s own mailbox', () => {
  it('a message and its reply leave the recruiter\'s mailbox with their name, address and signature', async () => {
    const me = await newRecruiter();
    expect((await me.client.send('PUT', '/api/settings/profile', { body: { signature: 'Robin\nTalent Partner' } })).status).toBe(200);
    const candidate = await newCandidate(me.client, { name: `Casey Candidate ${uniqueTag()}` });
    const first = await me.client.post(`/api/candidates/${candidate.id}/messages`, {
      channel: 'email', subject: 'A role for you', content: 'Hi {{firstName}},\n\nA role at a scale-up.\n\n{{signature}}',
    });
    expect(first.status).toBe(201);

    const [{ mailbox, mail }] = await sentTo(candidate.email!);
    expect(mailbox).toBe(me.email);
    expect(mail.from?.value).toEqual([{ name: me.name, address: me.email }]);
    // Answers go back to the inbox that is read, not to the shared reply address.
    expect(mail.replyTo?.value.map((to) => to.address)).toEqual([me.email]);
    expect(mail.text).toContain('Robin\nTalent Partner');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('/api/unsubscribe/');
    const firstId = (first.json as { message: { id: number } }).message.id;
    await until(() => message(me.client, firstId), (m) => m.status === 'sent');

    const reply = await me.client.post(`/api/candidates/${candidate.id}/messages`, {
      channel: 'email', subject: 'A role for you', content: 'One more thing.', originalMessageId: firstId,
    });
    expect(reply.status).toBe(201);
    const mails = await sentTo(candidate.email!, 2);
    expect(mails.map((m) => m.mailbox)).toEqual([me.email, me.email]);
    expect(mails[1].mail.inReplyTo).toBe(mails[0].mail.messageId);
    // Nothing of theirs left the shared mailbox.
    expect(graph.sent.filter((sent) => sent.mime.includes(candidate.email!) && sent.mailbox === SHARED_MAILBOX)).toEqual([]);
  });

  it('a meeting\'s confirmation and cancellation leave the mailbox of the meeting\'s recruiter', async () => {
    const recruiter = await newBookableRecruiter(app, roundTheClock(), '10.128.251.1');
    const email = `${recruiter.user.username}@example.com`;
    const name = `Test ${recruiter.user.username}`;
    const link = await newLink(recruiter, { name: `Mia Meeting ${uniqueTag()}` });
    const candidateBrowser = app.client({ ip: '10.128.251.2' });
    const [slot] = (await slotsOf(candidateBrowser, link.token)).slots;
    const booked = await candidateBrowser.post(`/api/public/booking/${link.token}`, { start: slot.start, name: 'Mia Meeting', email: link.candidate.email });
    expect(booked.status).toBe(201);

    const notification = (mail: ParsedMail) => mail.headers.get('x-talentloop-meeting-notification');
    const [confirmed] = await sentTo(link.candidate.email!);
    expect(notification(confirmed.mail)).toBeTruthy();
    expect(confirmed.mailbox).toBe(email);
    expect(confirmed.mail.from?.value).toEqual([{ name, address: email }]);
    expect(confirmed.mail.to).toMatchObject({ value: [{ address: link.candidate.email }] });

    const meetings = (await recruiter.client.get(`/api/meetings?candidateId=${link.candidate.id}`)).json as { meetings: Array<{ id: number }> };
    const cancelled = await recruiter.client.post(`/api/meetings/${meetings.meetings[0].id}/cancel`, { reason: 'Role filled' });
    expect(cancelled.status).toBe(200);
    const mails = await sentTo(link.candidate.email!, 2);
    expect(mails[1].mail.subject).toMatch(/cancel/i);
    expect(mails.map((m) => m.mailbox)).toEqual([email, email]);
    expect(mails[1].mail.from?.value).toEqual([{ name, address: email }]);
    expect(graph.sent.filter((sent) => sent.mime.includes(link.candidate.email!) && sent.mailbox !== email)).toEqual([]);
  });

  it('a campaign sends each mail as the recruiter who launched it', async () => {
    const launcher = await newRecruiter();
    const people = await Promise.all([1, 2].map(() => newCandidate(launcher.client, { name: `Pat Pool ${uniqueTag()}` })));
    const pool = await newPool(launcher.client, people.map((p) => p.id));
    const created = await launcher.client.post('/api/campaigns', {
      name: `Own mailbox ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, scheduledAt: new Date(Date.now() - 1000).toISOString(),
      emailSubject: 'News', emailContent: 'Hi {{firstName}},\n\nNews.', messageTemplate: 'Hi {{firstName}},\n\nNews.',
    });
    expect(created.status).toBe(201);
    for (const person of people) {
      const [{ mailbox, mail }] = await sentTo(person.email!);
      expect(mailbox).toBe(launcher.email);
      expect(mail.from?.value).toEqual([{ name: launcher.name, address: launcher.email }]);
    }
  });

  it('a mailbox Graph refuses fails its mail with the reason, and nothing leaves another address', async () => {
    const refused = await newRecruiter();
    graph.refuseMailbox(refused.email, 403);
    const candidate = await newCandidate(refused.client, { name: `Rory Refused ${uniqueTag()}` });
    const sent = await refused.client.post(`/api/candidates/${candidate.id}/messages`, { channel: 'email', subject: 'Hello', content: 'Hi there.' });
    expect(sent.status).toBe(201);
    const id = (sent.json as { message: { id: number } }).message.id;

    const failed = await until(() => message(refused.client, id), (m) => m.status !== 'queued' && m.status !== 'sending');
    expect(failed).toMatchObject({
      status: 'failed', errorCode: 'delivery.mailbox_refused',
      errorParams: { mailbox: refused.email, status: 403, detail: expect.stringContaining('AccessPolicy') },
      error: expect.stringMatching(new RegExp(`^Not sent: Microsoft 365 refused to send from ${refused.email} \\(403\\): Access to OData is disabled`)),
    });
    expect(graph.sent.filter((mail) => mail.mime.includes(candidate.email!))).toEqual([]);
  });

  it('the daily cap counts per recruiter mailbox: one recruiter at the cap does not hold up another', async () => {
    const busy = await newRecruiter();
    const other = await newRecruiter();
    const send = async (from: Awaited<ReturnType<typeof newRecruiter>>) => {
      const candidate = await newCandidate(from.client, { name: `Cap ${uniqueTag()}` });
      const created = await from.client.post(`/api/candidates/${candidate.id}/messages`, { channel: 'email', subject: 'Hello', content: 'Hi.' });
      expect(created.status).toBe(201);
      return { id: (created.json as { message: { id: number } }).message.id, email: candidate.email! };
    };
    const busyMails: Array<{ id: number; email: string }> = [];
    for (let i = 0; i <= DAILY_CAP; i++) busyMails.push(await send(busy));
    const otherMail = await send(other);

    for (const mail of [...busyMails.slice(0, DAILY_CAP), otherMail]) await sentTo(mail.email);
    const over = busyMails[DAILY_CAP];
    const waiting = await until(async () => (await app.pools.owner.query<{ status: string; wait_reason: string | null }>(
      'select status, wait_reason from public.messages where id = $1', [over.id])).rows[0], (row) => row.wait_reason !== null);
    expect(waiting).toEqual({ status: 'queued', wait_reason: 'sender_daily_cap' });
    expect(graph.sent.filter((mail) => mail.mime.includes(over.email))).toEqual([]);
    expect(new Set(graph.sent.filter((mail) => busyMails.some((m) => mail.mime.includes(m.email))).map((mail) => mail.mailbox))).toEqual(new Set([busy.email]));
  });
});
