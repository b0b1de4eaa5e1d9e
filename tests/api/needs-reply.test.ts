// The inbox (issue 11): a candidate's reply marks its thread "needs reply" (the
// flag on the thread root, kept by triggers); a reply we send or "Mark done"
// clears it; an out-of-office does neither. The default list leaves out
// campaign sends nobody answered and GET /api/messages/campaign-groups counts
// them once per campaign. Replies arrive through POST /api/inbound/email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignGroup, ThreadSummary } from '#domain/messages/schemas.ts';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { newCandidate, newPool, uniqueTag, type CreatedCandidate } from '../support/test-data.ts';
import { until } from '../support/until.ts';

const SECRET = 'needs-reply-secret';
let app: TestAppWithWorker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  recruiter = app.client({ ip: '10.111.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

const recipient = () => newCandidate(recruiter, { name: `Inbox Person ${uniqueTag()}` });

/** The Message-ID our mail went out with, once the worker has delivered message `id` into the dev outbox. */
async function deliveredMessageId(id: number): Promise<string> {
  await until(() => recruiter.get(`/api/messages/${id}`), (r) => r.json.status === 'sent');
  const summary = (await recruiter.get('/api/outbox')).json.emails.find((e: { messageId: number }) => e.messageId === id);
  return (await recruiter.get(`/api/outbox/${summary.id}`)).json.internetMessageId;
}

/** A message to the candidate, delivered; its id is the thread's id. */
async function mail(candidate: CreatedCandidate) {
  const created = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: `Hello ${uniqueTag()}`, content: 'Hi {{firstName}}, a chat?', channel: 'email' });
  expect(created.status, created.text).toBe(201);
  const id: number = created.json.message.id;
  return { id, internetMessageId: await deliveredMessageId(id) };
}

/** The candidate's mail arriving at the inbound webhook; `inReplyTo` threads it, without it the sender does. */
async function candidateWrites(candidate: CreatedCandidate, text: string, options: { inReplyTo?: string; autoReply?: boolean } = {}) {
  const raw = [
    `From: ${candidate.name} <${candidate.email}>`,
    'To: recruiting@talentloop.test',
    `Subject: ${options.autoReply ? 'Automatic reply' : 'Re: Hello'}`,
    `Message-ID: <${uniqueTag()}@mail.example.com>`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.autoReply ? ['Auto-Submitted: auto-replied'] : []),
    'Content-Type: text/plain; charset="utf-8"',
    'MIME-Version: 1.0',
    '',
    text,
  ].join('\r\n');
  const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
    method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
  });
  const json = await response.json();
  expect(json.status, JSON.stringify(json)).toBe('stored');
  return json as { messageId: number; threadId: number };
}

const threads = async (query: string): Promise<ThreadSummary[]> => {
  const response = await recruiter.get(`/api/messages?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json.threads;
};
const needsReply = () => threads('view=needs-reply&limit=200');
const ids = (list: ThreadSummary[]) => list.map((t) => t.threadId);

describe('needs reply', () => {
  it('a reply marks its thread; the list shows the newest reply first with the candidate\'s words and sentiment', async () => {
    const [first, second] = [await recipient(), await recipient()];
    const one = await mail(first);
    const two = await mail(second);
    expect(ids(await needsReply())).not.toContain(one.id);

    await candidateWrites(first, 'Yes, that sounds interesting. Can we talk on Thursday?', { inReplyTo: one.internetMessageId });
    await candidateWrites(second, 'Thanks! Happy to hear more, Friday works for me.', { inReplyTo: two.internetMessageId });

    const list = await needsReply();
    expect(ids(list).slice(0, 2)).toEqual([two.id, one.id]);
    expect(list[1]).toMatchObject({
      threadId: one.id, needsReply: true, sentiment: 'positive', candidate: { id: first.id },
      lastMessage: { direction: 'in', content: expect.stringContaining('Can we talk on Thursday?') },
    });
    // The "all" view says so too.
    expect((await threads(`candidateId=${first.id}`))[0]).toMatchObject({ threadId: one.id, needsReply: true });
  });

  it('a reply we send clears it, and the candidate writing again sets it again', async () => {
    const candidate = await recipient();
    const sent = await mail(candidate);
    const reply = await candidateWrites(candidate, 'Sounds good, tell me more.', { inReplyTo: sent.internetMessageId });
    expect(ids(await needsReply())).toContain(sent.id);

    const answered = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { content: 'Great, I will call you.', originalMessageId: reply.messageId });
    expect(answered.status, answered.text).toBe(201);
    expect(ids(await needsReply())).not.toContain(sent.id);
    expect((await threads(`candidateId=${candidate.id}`))[0]).toMatchObject({ threadId: sent.id, needsReply: false });

    const ours = await deliveredMessageId(answered.json.message.id);
    await candidateWrites(candidate, 'Thanks, talk soon!', { inReplyTo: ours });
    expect(ids(await needsReply())).toContain(sent.id);
  });

  it('"Mark done" clears it for the thread of any of its messages; an unknown message is a 404', async () => {
    const candidate = await recipient();
    const sent = await mail(candidate);
    const reply = await candidateWrites(candidate, 'Interesting, send me the details.', { inReplyTo: sent.internetMessageId });

    const done = await recruiter.post(`/api/messages/${reply.messageId}/done`);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ success: true, threadId: sent.id });
    expect(ids(await needsReply())).not.toContain(sent.id);
    // Done twice is still done.
    expect((await recruiter.post(`/api/messages/${sent.id}/done`)).json).toEqual({ success: true, threadId: sent.id });

    const unknown = await recruiter.post('/api/messages/999999999/done');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ field: 'id' });
    expect((await recruiter.post('/api/messages/abc/done')).status).toBe(400);
    expect((await app.client().post(`/api/messages/${sent.id}/done`)).status).toBe(401);
  });

  it('an out-of-office reply asks for no answer', async () => {
    const candidate = await recipient();
    const sent = await mail(candidate);
    await candidateWrites(candidate, 'I am out of the office and back on 14 December.', { inReplyTo: sent.internetMessageId, autoReply: true });
    expect(ids(await needsReply())).not.toContain(sent.id);
  });

  it('mail from a known candidate that starts a thread needs a reply', async () => {
    const candidate = await recipient();
    const started = await candidateWrites(candidate, 'Hi, I am open to new opportunities from January.');
    const list = await needsReply();
    expect(list.find((t) => t.threadId === started.threadId)).toMatchObject({ needsReply: true, candidate: { id: candidate.id } });
  });

  it('refuses an unknown view, naming the field', async () => {
    const response = await recruiter.get('/api/messages?view=everything');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'view must be needs-reply or all', field: 'view' });
  });
});

describe('campaign sends without a reply', () => {
  it('are left out of the thread list and counted once per campaign; a reply brings its thread back', async () => {
    const people = [await recipient(), await recipient(), await recipient()];
    const pool = await newPool(recruiter, people.map((p) => p.id));
    const name = `Inbox campaign ${uniqueTag()}`;
    const created = await recruiter.post('/api/campaigns', {
      name, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'How are things, {{firstName}}?', emailContent: 'Hi {{firstName}},\n\nHow are things?', scheduledAt: new Date().toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId: number = created.json.campaign.id;
    await until(() => recruiter.get(`/api/campaigns/${campaignId}`), (r) => r.json.status === 'sent');

    const group = async (): Promise<CampaignGroup | undefined> => {
      const response = await recruiter.get('/api/messages/campaign-groups');
      expect(response.status, response.text).toBe(200);
      return response.json.groups.find((g: CampaignGroup) => g.campaignId === campaignId);
    };
    expect(await group()).toMatchObject({ name, unanswered: 3, lastSentAt: expect.any(String) });

    // One thread per recipient, shown only when asked per candidate.
    const sends = await Promise.all(people.map(async (p) => (await threads(`candidateId=${p.id}`))[0]));
    expect(sends.every((t) => t && t.messageCount === 1)).toBe(true);
    const all = ids(await threads('view=all&limit=200'));
    expect(all.filter((id) => sends.some((t) => t.threadId === id))).toEqual([]);

    const internetMessageId = await deliveredMessageId(sends[0].threadId);
    await candidateWrites(people[0], 'Thanks for checking in, I would like to talk.', { inReplyTo: internetMessageId });
    expect(await group()).toMatchObject({ unanswered: 2 });
    expect(ids(await threads('view=all&limit=200'))).toContain(sends[0].threadId);
    expect(ids(await needsReply())[0]).toBe(sends[0].threadId);
  });
});
