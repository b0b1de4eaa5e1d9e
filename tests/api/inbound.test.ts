// Inbound replies: raw emails shaped like Gmail, Outlook and Apple Mail
// replies (tests/fixtures/eml), threaded by In-Reply-To/References, by the
// reply token when those headers are gone, by the "[ref:...]" subject tag, or
// by the sender; unknown senders kept aside; sentiment and removal requests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { startWorker, type Worker } from '../../worker/index.ts';
import { until } from '../support/until.ts';

const SECRET = 'inbound-test-secret';
let app: TestApp;
let worker: Worker;
let recruiter: TestClient;
let fake: FakeOpenAI;

interface Sent { id: number; candidateId: number; vars: Record<string, string> }
const sent = new Map<number, Sent>();

/** Sends a message to the candidate and returns what their mail client would see of it. */
async function mailCandidate(candidateId: number): Promise<Sent> {
  const created = await recruiter.post(`/api/candidates/${candidateId}/messages`, {
    subject: 'Een nieuwe functie', content: 'Hoi {{firstName}},\n\nWe hebben een mooie functie voor je. Zin in een gesprek?', channel: 'email',
  });
  const id = created.json.message.id;
  await until(() => recruiter.get(`/api/messages/${id}`), (r) => r.json.status === 'sent');
  const summary = (await recruiter.get('/api/outbox')).json.emails.find((e: { messageId: number }) => e.messageId === id);
  const email = (await recruiter.get(`/api/outbox/${summary.id}`)).json;
  const { rows: [candidate] } = await app.pools.owner.query('select name, email::text from public.candidates where id = $1', [candidateId]);
  return {
    id, candidateId,
    vars: {
      FROM: `${candidate.name} <${candidate.email}>`, FROM_ADDRESS: candidate.email, FIRST_NAME: candidate.name.split(' ')[0],
      REPLY_TO: email.replyTo, SUBJECT: email.subject, SUBJECT_PLAIN: email.subject.replace(/ \[ref:.*\]$/, ''),
      MESSAGE_ID: email.internetMessageId, QUOTED: email.text.trim().split('\n').map((l: string) => `> ${l}`.trimEnd()).join('\n'),
    },
  };
}

function fixture(name: string, vars: Record<string, string> = {}): string {
  const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/eml', name), 'utf8');
  return text.replace(/%%([A-Z_]+)%%/g, (whole, key: string) => vars[key] ?? whole).replace(/\r?\n/g, '\r\n');
}

async function deliver(raw: string, secret: string | null = SECRET) {
  const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
    method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
  });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({
    config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET },
    jobs: { send: (queue, jobs) => worker.jobs.send(queue, jobs) },
  });
  worker = await startWorker(app.ownerUrl, app.pools, () => undefined, app.config);
  recruiter = app.client({ ip: '10.25.0.1' });
  await signInRecruiter(recruiter);
  for (const candidateId of [1, 2, 4, 5, 7]) sent.set(candidateId, await mailCandidate(candidateId));
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await fake?.close();
});

describe('the inbound endpoint', () => {
  it('refuses without the shared secret, and when none is configured', async () => {
    const raw = fixture('unknown-sender.eml');
    expect(await deliver(raw, null)).toEqual({ status: 401, json: { error: 'Invalid inbound mail secret', field: 'authorization' } });
    expect((await deliver(raw, 'wrong')).status).toBe(401);
    app.config.inboundMailSecret = undefined;
    try {
      expect((await deliver(raw)).status).toBe(503);
    } finally {
      app.config.inboundMailSecret = SECRET;
    }
    expect((await deliver('this is not an email')).json).toEqual({ error: 'body must be a raw RFC 822 email message', field: 'body' });
  });
});

describe('threading', () => {
  it('a Gmail reply threads by In-Reply-To; the quoted original is not part of it; a second delivery is ignored', async () => {
    const original = sent.get(1)!;
    const raw = fixture('gmail-reply.eml', original.vars);
    const result = await deliver(raw);
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: original.id, candidateId: 1, sentiment: 'positive' });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message).toMatchObject({ direction: 'in', status: 'received', subject: 'Re: Een nieuwe functie', originalMessageId: original.id });
    expect(message.content).toBe(`Hi Sam,\n\nThanks for reaching out! I'd love to hear more about the role. When can we\ntalk?\n\nBest,\n${original.vars.FIRST_NAME}`);
    expect(await deliver(raw)).toEqual({ status: 200, json: { status: 'duplicate', messageId: result.json.messageId } });

    const threads = (await recruiter.get('/api/messages?candidateId=1')).json.threads;
    expect(threads[0]).toMatchObject({ threadId: original.id, unreadCount: 1, sentiment: 'positive', lastMessage: { direction: 'in' } });
  });

  it('an Outlook reply (quoted-printable, Dutch, quoted header block) threads and reads as negative', async () => {
    const original = sent.get(2)!;
    const result = await deliver(fixture('outlook-reply.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: original.id, sentiment: 'negative', removalRequested: false });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message.content).toBe(`Hoi Sam,\n\nBedankt voor je bericht, maar ik heb geen interesse. Ik ben tevreden met mijn huidige baan.\n\nGroet,\n${original.vars.FIRST_NAME}`);
    expect(message.subject).toBe('RE: Een nieuwe functie');
  });

  it('an Apple Mail reply asking to be removed withdraws email consent through the ledger', async () => {
    const original = sent.get(4)!;
    const result = await deliver(fixture('apple-mail-reply.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', sentiment: 'negative', removalRequested: true });
    expect((await recruiter.get(`/api/messages/${result.json.messageId}`)).json.removalRequested).toBe(true);
    const ledger = await app.pools.owner.query(
      `select source, granted from public.consent_events where candidate_id = 4 and channel = 'email' order by id desc limit 1`);
    expect(ledger.rows[0]).toEqual({ source: 'reply', granted: false });
    const refused = await recruiter.post('/api/candidates/4/messages', { subject: 'Hi', content: 'again', channel: 'email' });
    expect(refused.json).toEqual({ error: 'Candidate has not consented to email', field: 'channel' });
  });

  it('a reply whose threading headers were stripped threads by the reply token in its address', async () => {
    const original = sent.get(5)!;
    const result = await deliver(fixture('stripped-threading-headers.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'reply-address', threadId: original.id, sentiment: 'neutral' });
  });

  it('a reply sent to the plain address threads by the [ref:...] tag in its subject', async () => {
    const original = sent.get(7)!;
    const result = await deliver(fixture('subject-ref-only.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'subject', threadId: original.id, sentiment: 'positive' });
    expect((await recruiter.get(`/api/messages/${result.json.messageId}`)).json.subject).toBe('Re: Een nieuwe functie');
  });

  it('a known candidate writing without any reference starts a new thread', async () => {
    const { rows: [candidate] } = await app.pools.owner.query('select name, email::text from public.candidates where id = 8');
    const result = await deliver(fixture('new-thread-from-candidate.eml', { FROM: `${candidate.name} <${candidate.email}>` }));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'sender', candidateId: 8, sentiment: 'positive' });
    expect(result.json.threadId).toBe(result.json.messageId);
  });

  it('mail from an unknown sender is kept aside, not dropped', async () => {
    const result = await deliver(fixture('unknown-sender.eml'));
    expect(result.status).toBe(202);
    expect(result.json).toMatchObject({ status: 'unmatched', reason: 'Unknown sender pat@elsewhere.example and no reference to a sent message' });
    const kept = await recruiter.get('/api/inbound/unmatched');
    expect(kept.json.emails[0]).toMatchObject({ from: 'pat@elsewhere.example', subject: 'Vacancy question' });
    expect((await app.client().get('/api/inbound/unmatched')).status).toBe(401);
  });
});

describe('sentiment through the AI provider', () => {
  it('replaces the built-in label when a provider is configured', async () => {
    app.config.openai = { apiKey: 'sk-test', baseURL: fake.baseURL, model: 'fake-model', timeoutMs: 5_000 };
    fake.reply = 'neutral';
    try {
      const original = sent.get(1)!;
      const raw = fixture('gmail-reply.eml', original.vars).replace(/^Message-ID: <[^>]+>/m, 'Message-ID: <second-reply@mail.gmail.com>');
      const result = await deliver(raw);
      expect(result.json.sentiment).toBe('positive'); // built-in, on arrival
      const message = await until(() => recruiter.get(`/api/messages/${result.json.messageId}`), (r) => r.json.sentiment === 'neutral');
      expect(message.json.sentiment).toBe('neutral');
      expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain("I'd love to hear more about the role");
    } finally {
      app.config.openai = NO_AI;
    }
  });
});
