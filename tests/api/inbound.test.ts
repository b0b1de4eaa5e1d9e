// Inbound replies: raw emails shaped like Gmail, Outlook and Apple Mail
// replies (tests/fixtures/eml), threaded by In-Reply-To/References, by the
// reply token when those headers are gone, by the "[ref:...]" subject tag of older mails, or
// by the sender; unknown senders kept aside; sentiment and removal requests.
// Reading replies: only what the candidate wrote is stored and classified
// (quoted history and our footer are not), opt-outs withdraw consent, ambiguous
// ones are flagged, out-of-office replies are labelled with their return date,
// and mail to the List-Unsubscribe address unsubscribes without a reply.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { INBOUND_SECRET_FAILURES_PER_IP } from '#edge-functions/routes/inbound.ts';

const SECRET = 'inbound-test-secret';
let app: TestAppWithWorker;
let recruiter: TestClient;
let fake: FakeOpenAI;

interface Sent { id: number; candidateId: number; vars: Record<string, string> }
const sent = new Map<string, Sent>();

const DUTCH = { subject: 'Een nieuwe functie', content: 'Hoi {{firstName}},\n\nWe hebben een mooie functie voor je. Zin in een gesprek?' };
const ENGLISH = { subject: 'A new role', content: 'Hi {{firstName}},\n\nWe have a role that fits you well. Would you like to talk?' };

/** A new candidate who can be emailed; the first word of the name is what the replies sign with. */
const newRecipient = async (firstName = 'Lotte') => (await newCandidate(recruiter, { name: `${firstName} Inbound ${uniqueTag()}` })).id;

/** Sends a message to the candidate and returns what their mail client would see of it. */
async function mailCandidate(candidateId: number, message: { subject: string; content: string } = DUTCH): Promise<Sent> {
  const created = await recruiter.post(`/api/candidates/${candidateId}/messages`, { ...message, channel: 'email' });
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
      ORIGINAL_TEXT: email.text.trim(), ORIGINAL_HTML: email.html ?? '',
      UNSUBSCRIBE_TO: email.replyTo.replace(/\+([0-9a-f]{24})@/, '+unsubscribe-$1@'),
    },
  };
}

function fixture(name: string, vars: Record<string, string> = {}): string {
  const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/eml', name), 'utf8');
  return text.replace(/%%([A-Z_]+)%%/g, (whole, key: string) => vars[key] ?? whole).replace(/\r?\n/g, '\r\n');
}

async function deliver(raw: string, secret: string | null = SECRET, ip = '127.0.0.1') {
  const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
    method: 'POST', body: raw,
    headers: { 'content-type': 'message/rfc822', 'x-test-client-ip': ip, ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
  });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  recruiter = app.client({ ip: '10.25.0.1' });
  await signInRecruiter(recruiter);
  for (const [key, firstName] of [['gmail', 'Lotte'], ['outlook', 'Daan'], ['apple', 'Sanne'], ['stripped', 'Bram'], ['subject', 'Noor']]) {
    sent.set(key, await mailCandidate(await newRecipient(firstName)));
  }
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe('the inbound endpoint', () => {
  it('refuses without the shared secret, and when none is configured', async () => {
    const raw = fixture('unknown-sender.eml');
    expect(await deliver(raw, null)).toEqual({ status: 401, json: { error: 'Invalid inbound mail secret', code: 'invalid_inbound_secret', field: 'authorization' } });
    expect((await deliver(raw, 'wrong')).status).toBe(401);
    app.config.inboundMailSecret = undefined;
    try {
      expect((await deliver(raw)).status).toBe(503);
    } finally {
      app.config.inboundMailSecret = SECRET;
    }
    expect((await deliver('this is not an email')).json).toEqual({ error: 'body must be a raw RFC 822 email message', code: 'not_rfc822', field: 'body' });
  });
});

describe('guessing the inbound secret', () => {
  it('stops after 10 wrong secrets from one network (an IPv6 /64), also for the right one; the right secret never counts', async () => {
    const raw = fixture('unknown-sender.eml');
    expect(INBOUND_SECRET_FAILURES_PER_IP).toMatchObject({ limit: 10, windowSeconds: 900 });
    const guesses: number[] = [];
    for (let n = 1; n <= 10; n++) guesses.push((await deliver(raw, `guess-${n}`, `2001:db8:25:1::${n}`)).status);
    expect(guesses).toEqual(Array<number>(10).fill(401));
    const refused = await deliver(raw, `guess-11`, '2001:db8:25:1::11');
    expect(refused).toMatchObject({ status: 429, json: { field: 'authorization' } });
    // The network that guessed learns nothing more, not even that a guess was right.
    expect((await deliver(raw, SECRET, '2001:db8:25:1::12')).status).toBe(429);

    // Another /64, and the provider's own address delivering many mails with the right secret: never limited.
    expect((await deliver(raw, 'one-wrong', '2001:db8:25:2::1')).status).toBe(401);
    for (let n = 1; n <= 12; n++) expect([200, 202]).toContain((await deliver(raw, SECRET, '2001:db8:25:3::1')).status);
  });
});

describe('threading', () => {
  it('a Gmail reply threads by In-Reply-To; the quoted original is not part of it; a second delivery is ignored', async () => {
    const original = sent.get('gmail')!;
    const raw = fixture('gmail-reply.eml', original.vars);
    const result = await deliver(raw);
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: original.id, candidateId: original.candidateId, sentiment: 'positive' });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message).toMatchObject({ direction: 'in', status: 'received', subject: 'Re: Een nieuwe functie', originalMessageId: original.id });
    expect(message.content).toBe(`Hi Sam,\n\nThanks for reaching out! I'd love to hear more about the role. When can we\ntalk?\n\nBest,\n${original.vars.FIRST_NAME}`);
    expect(await deliver(raw)).toEqual({ status: 200, json: { status: 'duplicate', messageId: result.json.messageId } });

    const threads = (await recruiter.get(`/api/messages?candidateId=${original.candidateId}`)).json.threads;
    expect(threads[0]).toMatchObject({ threadId: original.id, unreadCount: 1, sentiment: 'positive', lastMessage: { direction: 'in' } });
  });

  it('an Outlook reply (quoted-printable, Dutch, quoted header block) threads and reads as negative', async () => {
    const original = sent.get('outlook')!;
    const result = await deliver(fixture('outlook-reply.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: original.id, sentiment: 'negative', removalRequested: false });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message.content).toBe(`Hoi Sam,\n\nBedankt voor je bericht, maar ik heb geen interesse. Ik ben tevreden met mijn huidige baan.\n\nGroet,\n${original.vars.FIRST_NAME}`);
    expect(message.subject).toBe('RE: Een nieuwe functie');
  });

  it('an Apple Mail reply asking to be removed withdraws email consent through the ledger', async () => {
    const original = sent.get('apple')!;
    const result = await deliver(fixture('apple-mail-reply.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', sentiment: 'negative', removalRequested: true });
    expect((await recruiter.get(`/api/messages/${result.json.messageId}`)).json.removalRequested).toBe(true);
    const ledger = await app.pools.owner.query(
      `select source, granted from public.consent_events where candidate_id = $1 and channel = 'email' order by id desc limit 1`, [original.candidateId]);
    expect(ledger.rows[0]).toEqual({ source: 'reply', granted: false });
    const refused = await recruiter.post(`/api/candidates/${original.candidateId}/messages`, { subject: 'Hi', content: 'again', channel: 'email' });
    expect(refused.json).toEqual({ error: 'Candidate unsubscribed', code: 'blockers.opted_out', field: 'channel' });
  });

  it('a reply whose threading headers were stripped threads by the reply token in its address', async () => {
    const original = sent.get('stripped')!;
    const result = await deliver(fixture('stripped-threading-headers.eml', original.vars));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'reply-address', threadId: original.id, sentiment: 'neutral' });
  });

  it('a reply sent to the plain address threads by the [ref:...] tag in its subject (mail sent while subjects carried it)', async () => {
    const original = sent.get('subject')!;
    const token = /\+([0-9a-f]{24})@/.exec(original.vars.REPLY_TO)![1];
    const result = await deliver(fixture('subject-ref-only.eml', { ...original.vars, SUBJECT: `${original.vars.SUBJECT} [ref:${token}]` }));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'subject', threadId: original.id, sentiment: 'positive' });
    expect((await recruiter.get(`/api/messages/${result.json.messageId}`)).json.subject).toBe('Re: Een nieuwe functie');
  });

  it('a known candidate writing without any reference starts a new thread', async () => {
    const candidate = await newCandidate(recruiter, { name: `Femke Inbound ${uniqueTag()}` });
    const result = await deliver(fixture('new-thread-from-candidate.eml', { FROM: `${candidate.name} <${candidate.email}>` }));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'sender', candidateId: candidate.id, sentiment: 'positive' });
    expect(result.json.threadId).toBe(result.json.messageId);
  });

  it('mail from an unknown sender is kept aside, not dropped', async () => {
    const result = await deliver(fixture('unknown-sender.eml'));
    expect(result.status).toBe(202);
    // Why, in English and by its code, which the interface shows in its language (decision 032).
    const why = { code: 'unmatched.unknown_sender', params: { from: 'pat@elsewhere.example' } };
    expect(result.json).toMatchObject({ status: 'unmatched', reason: 'Unknown sender pat@elsewhere.example and no reference to a sent message', ...why });
    const kept = await recruiter.get('/api/inbound/unmatched');
    expect(kept.json.emails.find((e: { from: string }) => e.from === 'pat@elsewhere.example')).toMatchObject({
      subject: 'Vacancy question', reason: result.json.reason, reasonCode: why.code, reasonParams: why.params,
    });
    expect((await app.client().get('/api/inbound/unmatched')).status).toBe(401);
  });
});

describe('sentiment through the AI provider', () => {
  it('replaces the built-in label when a provider is configured', async () => {
    app.config.openai = { apiKey: 'sk-test', baseURL: fake.baseURL, model: 'fake-model', timeoutMs: 5_000 };
    fake.reply = 'neutral';
    try {
      const original = await mailCandidate(await newRecipient());
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

let sequence = 0;
/** A fixture as the candidate's client would send it; each delivery gets its own Message-ID. */
const replyTo = (name: string, original: Sent, vars: Record<string, string> = {}) =>
  fixture(name, { ...original.vars, SEQ: String(++sequence), ...vars });

/** New candidates with email consent. */
const freshCandidates = (count: number): Promise<number[]> => Promise.all(Array.from({ length: count }, () => newRecipient()));

async function emailConsent(candidateId: number) {
  const { rows: [candidate] } = await app.pools.owner.query(
    'select allows_email as "allowsEmail", unsubscribed_at is not null as "optedOut" from public.candidates where id = $1', [candidateId]);
  const { rows: ledger } = await app.pools.owner.query(
    `select source, granted from public.consent_events where candidate_id = $1 and channel = 'email' and source <> 'recruiter' order by id`, [candidateId]);
  return { ...candidate, ledger };
}

describe('reading what the candidate wrote', () => {
  const OPT_OUTS = [
    'Haal mij alsjeblieft uit jullie bestand', 'Haal mij a.u.b. uit het bestand', 'Stop hiermee', 'Mail mij niet meer',
    'Ik wil niet meer gemaild worden', 'Ik heb nooit toestemming gegeven om mij te mailen', "I'd rather not be contacted again",
    "I don't want to hear from you again", 'STOP',
  ];
  const mailed = new Map<string, Sent>();

  beforeAll(async () => {
    const [outlook, nested, ambiguous, away, delivered, mailto, aiAway, ...optOut] = await freshCandidates(7 + OPT_OUTS.length);
    const english = { outlook, nested, ambiguous, away, aiAway };
    const work = [
      ...Object.entries(english).map(async ([key, id]) => mailed.set(key, await mailCandidate(id, ENGLISH))),
      mailCandidate(delivered).then((sent) => mailed.set('delivered', sent)),
      mailCandidate(mailto).then((sent) => mailed.set('mailto', sent)),
      ...OPT_OUTS.map(async (phrase, i) => mailed.set(phrase, await mailCandidate(optOut[i]))),
    ];
    await Promise.all(work);
  });

  it('a positive reply under an Outlook quote header in bold keeps consent: our quoted "Unsubscribe" is not read', async () => {
    const original = mailed.get('outlook')!;
    expect(original.vars.ORIGINAL_TEXT).toContain('Unsubscribe: ');
    const result = await deliver(replyTo('outlook-bold-quote-header.eml', original));
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', sentiment: 'positive', removalRequested: false, optOutReview: false });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message.content).toBe(`Thanks, that sounds interesting. Can we talk on Thursday?\n\n${original.vars.FIRST_NAME}`);
    expect(await emailConsent(original.candidateId)).toEqual({ allowsEmail: true, optedOut: false, ledger: [] });
  });

  it('an HTML reply that nests our mail as a second document keeps the candidate\'s text, and consent', async () => {
    const original = mailed.get('nested')!;
    expect(original.vars.ORIGINAL_HTML).toMatch(/<body[\s\S]*>Unsubscribe<\/a>/);
    const result = await deliver(replyTo('html-nested-document.eml', original));
    expect(result.json).toMatchObject({ status: 'stored', sentiment: 'positive', removalRequested: false });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message.content).toBe(`Thanks, that sounds interesting. Can we talk on Thursday?\n\n${original.vars.FIRST_NAME}`);
    expect((await emailConsent(original.candidateId)).allowsEmail).toBe(true);
  });

  it.each(OPT_OUTS)('"%s" withdraws email consent through the ledger (source reply)', async (phrase) => {
    const original = mailed.get(phrase)!;
    const result = await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: `${phrase}\n\n${original.vars.FIRST_NAME}` }));
    expect(result.json).toMatchObject({ status: 'stored', sentiment: 'negative', removalRequested: true, optOutReview: false });
    expect((await recruiter.get(`/api/messages/${result.json.messageId}`)).json.content).toBe(`${phrase}\n\n${original.vars.FIRST_NAME}`);
    expect(await emailConsent(original.candidateId)).toEqual({ allowsEmail: false, optedOut: true, ledger: [{ source: 'reply', granted: false }] });
  });

  it('an ambiguous reply is flagged for the recruiter and keeps consent', async () => {
    const original = mailed.get('ambiguous')!;
    const result = await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: "Please don't contact me until next year." }));
    expect(result.json).toMatchObject({ status: 'stored', removalRequested: false, optOutReview: true });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message).toMatchObject({ optOutReview: true, removalRequested: false, autoReply: false, autoReplyUntil: null });
    expect(await emailConsent(original.candidateId)).toEqual({ allowsEmail: true, optedOut: false, ledger: [] });
    const thread = (await recruiter.get(`/api/messages/${original.id}/thread`)).json;
    expect(thread.messages.find((m: { id: number }) => m.id === result.json.messageId)).toMatchObject({ optOutReview: true });
  });

  it('an out-of-office reply is an auto-reply with its return date, sentiment other, and keeps consent', async () => {
    const original = mailed.get('away')!;
    const result = await deliver(replyTo('out-of-office.eml', original));
    expect(result.json).toMatchObject({ status: 'stored', sentiment: 'other', autoReply: true, autoReplyUntil: '2026-12-14', removalRequested: false });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message).toMatchObject({ sentiment: 'other', autoReply: true, autoReplyUntil: '2026-12-14', optOutReview: false });
    expect(await emailConsent(original.candidateId)).toEqual({ allowsEmail: true, optedOut: false, ledger: [] });
    const { rows } = await app.pools.owner.query(
      `select kind from public.engagement_events where metadata->>'replyMessageId' = $1`, [String(result.json.messageId)]);
    expect(rows).toEqual([]); // an out-of-office is not the candidate engaging
  });

  it('a reply whose token is only in Delivered-To threads by it', async () => {
    const original = mailed.get('delivered')!;
    const result = await deliver(replyTo('delivered-to-only.eml', original));
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'reply-address', threadId: original.id, candidateId: original.candidateId });
  });

  it('mail to the List-Unsubscribe address withdraws consent (source list_unsubscribe_mailto) and stores no reply', async () => {
    const original = mailed.get('mailto')!;
    const raw = replyTo('list-unsubscribe-mailto.eml', original);
    const messageId = /^Message-ID: (<[^>]+>)/m.exec(raw)![1];
    const result = await deliver(raw);
    expect(result).toEqual({ status: 200, json: { status: 'unsubscribed', candidateId: original.candidateId, messageId: original.id, already: false } });
    expect(await emailConsent(original.candidateId)).toEqual({
      allowsEmail: false, optedOut: true, ledger: [{ source: 'list_unsubscribe_mailto', granted: false }],
    });
    const stored = await app.pools.owner.query('select id from public.messages where provider_message_id = $1 or (candidate_id = $2 and direction = \'in\')',
      [messageId, original.candidateId]);
    expect(stored.rows).toEqual([]);
    const events = await app.pools.owner.query(`select kind, metadata->>'source' as source from public.engagement_events where candidate_id = $1 and kind = 'unsubscribe'`,
      [original.candidateId]);
    expect(events.rows).toEqual([{ kind: 'unsubscribe', source: 'list_unsubscribe_mailto' }]);

    // Sent again (a client retrying): nothing changes.
    expect((await deliver(replyTo('list-unsubscribe-mailto.eml', original))).json).toMatchObject({ status: 'unsubscribed', already: true });
    expect((await emailConsent(original.candidateId)).ledger).toHaveLength(1);
  });

  it('mail to the List-Unsubscribe address of a message we never sent is kept aside', async () => {
    const original = mailed.get('mailto')!;
    const result = await deliver(replyTo('list-unsubscribe-mailto.eml', original, { UNSUBSCRIBE_TO: 'reply+unsubscribe-0123456789abcdef01234567@talentloop.test' }));
    expect(result.status).toBe(202);
    expect(result.json).toMatchObject({ status: 'unmatched', reason: 'Unsubscribe mail (List-Unsubscribe address) for a message we do not know' });
  });

  it('the AI sentiment job reads only the candidate\'s text and leaves an auto-reply\'s label alone', async () => {
    app.config.openai = { apiKey: 'sk-test', baseURL: fake.baseURL, model: 'fake-model', timeoutMs: 5_000 };
    fake.reply = 'neutral';
    try {
      const away = await deliver(replyTo('out-of-office.eml', mailed.get('aiAway')!));
      expect(away.json).toMatchObject({ status: 'stored', autoReply: true, sentiment: 'other' });
      // A later reply's job runs after the auto-reply's: once it is relabelled, the auto-reply's job is done.
      const later = await deliver(replyTo('outlook-bold-quote-header.eml', mailed.get('aiAway')!));
      expect(later.json.sentiment).toBe('positive'); // built-in, on arrival
      await until(() => recruiter.get(`/api/messages/${later.json.messageId}`), (r) => r.json.sentiment === 'neutral');
      expect((await recruiter.get(`/api/messages/${away.json.messageId}`)).json).toMatchObject({ sentiment: 'other', autoReply: true });
      const asked = fake.requests.map((request) => String(request.messages.at(-1)!.content));
      expect(asked).toContain(`Thanks, that sounds interesting. Can we talk on Thursday?\n\n${mailed.get('aiAway')!.vars.FIRST_NAME}`);
      expect(asked.join('\n')).not.toMatch(/out of the office|talent network|Unsubscribe/);
    } finally {
      app.config.openai = NO_AI;
    }
  });
});

describe("the candidate's language, read from their reply", () => {
  const languageOf = async (candidateId: number) => (await recruiter.get(`/api/candidates/${candidateId}`)).json.language as string | null;

  it('a Dutch reply makes a candidate whose language is not known Dutch; a later English one changes nothing', async () => {
    const original = await mailCandidate(await newRecipient('Femke'), ENGLISH);
    expect(await languageOf(original.candidateId)).toBeNull();
    const dutch = await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: 'Hoi, dat klinkt goed! Wanneer kunnen we even bellen?\n\nFemke' }));
    expect(dutch.json).toMatchObject({ status: 'stored', candidateId: original.candidateId });
    expect(await languageOf(original.candidateId)).toBe('dutch');
    const english = await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: 'Thanks, I am also happy to talk in English if that is easier for you.' }));
    expect(english.json).toMatchObject({ status: 'stored' });
    expect(await languageOf(original.candidateId)).toBe('dutch');
  });

  it('a language set by hand is kept, whatever the reply is written in', async () => {
    const person = await newCandidate(recruiter, { name: `Daan Inbound ${uniqueTag()}`, language: 'english' });
    const original = await mailCandidate(person.id);
    const reply = await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: 'Hoi, ik ben zeker geïnteresseerd in de functie. Wanneer kunnen we bellen?' }));
    expect(reply.json).toMatchObject({ status: 'stored' });
    expect(await languageOf(person.id)).toBe('english');
  });

  it('an out-of-office, or a reply too short to tell, leaves it unknown', async () => {
    const original = await mailCandidate(await newRecipient('Sanne'), ENGLISH);
    expect((await deliver(replyTo('out-of-office.eml', original))).json).toMatchObject({ status: 'stored', autoReply: true });
    expect((await deliver(replyTo('gmail-plain-reply.eml', original, { REPLY: 'Bedankt!' }))).json).toMatchObject({ status: 'stored' });
    expect(await languageOf(original.candidateId)).toBeNull();
  });
});
