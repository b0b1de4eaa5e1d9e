// The WhatsApp webhook (POST/GET /api/webhooks/whatsapp) on the real database:
// Meta's handshake, signatures refused unless exact, malformed bodies answered
// 400 naming the field, unknown numbers and repeated deliveries answered 200 and
// kept once, replies stored in the candidate's thread beside email with their
// sentiment, a STOP withdrawing WhatsApp consent through the ledger, and
// delivery statuses recorded on the outbound message by its wamid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import {
  FAKE_VERIFY_TOKEN, inboundText, setEnv, signature, startFakeWhatsApp, statusEvent, wamid, webhookPayload, type FakeWhatsApp, postWebhook, whatsappCandidate as newWhatsAppCandidate,
} from '../support/fake-whatsapp.ts';
import type { Message, Thread, ThreadSummary } from '#domain/messages/schemas.ts';
import { DELIVERY_STATUSES } from '#domain/whatsapp/schemas.ts';
import { until } from '../support/until.ts';

let app: TestApp;
let fake: FakeWhatsApp;
let recruiter: TestClient;
let restoreEnv: () => void;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  restoreEnv = setEnv(fake.env());
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.140.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  restoreEnv?.();
  await app?.close();
  await fake?.close();
});

/** POSTs a body as Meta does: raw JSON, signed unless told otherwise. */
async function deliver(payload: unknown, options: { signature?: string | null; raw?: string } = {}) {
  const body = options.raw ?? JSON.stringify(payload);
  const response = await postWebhook(app, body, options.signature === undefined ? signature(body) : options.signature);
  const text = await response.text();
  return { status: response.status, text, json: text ? JSON.parse(text) : null };
}

/** A candidate with a unique Dutch mobile number (and consent to WhatsApp), typed with a dash. */
const whatsappCandidate = (fields: Record<string, unknown> = {}) => newWhatsAppCandidate(recruiter, fields, (digits) => `06-${digits}`);

async function events(wamidValue: string) {
  const { rows } = await app.pools.owner.query('select kind, status, outcome, candidate_id, message_id from public.whatsapp_events where wamid = $1 order by id', [wamidValue]);
  return rows;
}

describe('GET /api/webhooks/whatsapp: the verification handshake', () => {
  const handshake = (query: string) => app.client().get(`/api/webhooks/whatsapp?${query}`);

  it('echoes hub.challenge as text when the verify token matches', async () => {
    const response = await handshake(`hub.mode=subscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.text).toBe('1158201444');
  });

  it('answers 403 for a wrong token or mode, naming the field', async () => {
    const wrong = await handshake('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1');
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ field: 'hub.verify_token' });
    const mode = await handshake(`hub.mode=unsubscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1`);
    expect(mode.status).toBe(403);
    expect(mode.json).toMatchObject({ field: 'hub.mode' });
    expect((await handshake('')).status).toBe(403);
  });
});

describe('POST /api/webhooks/whatsapp: what is refused', () => {
  const payload = () => webhookPayload({ messages: [inboundText('31600000000', 'hoi')] });

  it('refuses every event (403) while WHATSAPP_APP_SECRET is not set: nothing can be verified', async () => {
    const restore = setEnv({ WHATSAPP_APP_SECRET: undefined });
    try {
      const answer = await deliver(webhookPayload({ messages: [inboundText('31612345678', 'Hoi')] }));
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ field: 'x-hub-signature-256' });
    } finally {
      restore();
    }
  });

  it('refuses a missing signature (401) and a wrong one (403), storing nothing', async () => {
    const missing = await deliver(payload(), { signature: null });
    expect(missing.status).toBe(401);
    expect(missing.json.field).toBe('x-hub-signature-256');
    const body = payload();
    const wrongSecret = await deliver(body, { signature: signature(JSON.stringify(body), 'not-the-secret') });
    expect(wrongSecret.status).toBe(403);
    // Signed, then changed: the signature is over the exact bytes.
    const raw = JSON.stringify(body);
    const tampered = await deliver(null, { raw: raw.replace('hoi', 'HOI'), signature: signature(raw) });
    expect(tampered.status).toBe(403);
    expect((await deliver(null, { raw, signature: 'sha1=abc' })).status).toBe(403);
    const { rows } = await app.pools.owner.query("select count(*)::int as n from public.whatsapp_events where payload->'text'->>'body' in ('hoi', 'HOI')");
    expect(rows[0].n).toBe(0);
  });

  it('answers a malformed body with 400 naming the field, never a 5xx', async () => {
    const notJson = await deliver(null, { raw: '{"object":' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.field).toBe('body');
    const noEntry = await deliver({ object: 'whatsapp_business_account' });
    expect(noEntry.status).toBe(400);
    expect(noEntry.json.field).toBe('entry');
    const badMessage = await deliver(webhookPayload({ messages: [{ from: '31600000000', type: 'text', text: { body: 'x' } }] }));
    expect(badMessage.status).toBe(400);
    expect(badMessage.json.field).toBe('entry.0.changes.0.value.messages.0.id');
    const badStatus = await deliver(webhookPayload({ statuses: [{ id: wamid(), status: 'failed', errors: [{ code: 'x' }] }] }));
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.field).toBe('entry.0.changes.0.value.statuses.0.errors.0.code');
    const duplicateKey = await deliver(null, { raw: '{"object":"a","object":"b","entry":[]}' });
    expect(duplicateKey.status).toBe(400);
    expect(duplicateKey.json.field).toBe('object');
  });

  it('takes an event without messages or statuses (another field) as received', async () => {
    const other = await deliver({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'account_update', value: { event: 'x' } }] }] });
    expect(other.status).toBe(200);
    expect(other.json).toEqual({ received: true, stored: 0, statuses: 0, duplicates: 0, unmatched: 0, optOuts: 0 });
  });
});

describe('POST /api/webhooks/whatsapp: replies', () => {
  it("stores a reply in the candidate's thread beside email, with its channel and sentiment, matched by the normalised number", async () => {
    const person = await whatsappCandidate();
    const mail = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'Een functie', content: 'Hoi, zin in een gesprek?' });
    expect(mail.status).toBe(201);
    const sent = mail.json.message as Message;
    const id = wamid();
    const answer = await deliver(webhookPayload({
      contacts: [{ profile: { name: 'Test' }, wa_id: person.waId }],
      messages: [inboundText(person.waId, 'Ja, graag! Wanneer kunnen we bellen?', { id })],
    }));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ stored: 1, duplicates: 0, unmatched: 0 });
    const thread = (await recruiter.get(`/api/messages/${sent.id}/thread`)).json as Thread;
    expect(thread.messages.map((m) => [m.direction, m.channel])).toEqual([['out', 'email'], ['in', 'whatsapp']]);
    expect(thread.messages[1]).toMatchObject({ content: 'Ja, graag! Wanneer kunnen we bellen?', sentiment: 'positive', status: 'received', subject: null });
    expect(await events(id)).toEqual([{ kind: 'message', status: null, outcome: 'stored', candidate_id: person.id, message_id: thread.messages[1].id }]);
    // The thread list says the conversation last went by WhatsApp.
    const list = (await recruiter.get(`/api/messages?candidateId=${person.id}`)).json as { threads: ThreadSummary[] };
    expect(list.threads.map((t) => [t.threadId, t.lastMessage.channel])).toEqual([[sent.id, 'whatsapp']]);
    const { rows } = await app.pools.owner.query("select kind from public.engagement_events where candidate_id = $1 and kind = 'reply'", [person.id]);
    expect(rows).toHaveLength(1);
    // Their language was not known: the reply says it (issue 29), as an email reply would.
    expect((await recruiter.get(`/api/candidates/${person.id}`)).json.language).toBe('dutch');
  });

  it('stores a repeated delivery once', async () => {
    const person = await whatsappCandidate();
    const payload = webhookPayload({ messages: [inboundText(person.waId, 'Klinkt goed')] });
    expect((await deliver(payload)).json).toMatchObject({ stored: 1, duplicates: 0 });
    expect((await deliver(payload)).json).toMatchObject({ stored: 0, duplicates: 1 });
    // Two at once, as Meta's retries can overlap.
    const both = await Promise.all([deliver(payload), deliver(payload)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const { rows } = await app.pools.owner.query("select count(*)::int as n from public.messages where candidate_id = $1 and direction = 'in'", [person.id]);
    expect(rows[0].n).toBe(1);
  });

  it('answers 200 for an unknown number and keeps the event, losing nothing', async () => {
    const id = wamid();
    const answer = await deliver(webhookPayload({ messages: [inboundText('31619999901', `Wie is dit? ${uniqueTag()}`, { id })] }));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ stored: 0, unmatched: 1 });
    const [event] = await events(id);
    expect(event).toMatchObject({ kind: 'message', outcome: 'unknown_number', candidate_id: null });
    const { rows } = await app.pools.owner.query('select phone, payload from public.whatsapp_events where wamid = $1', [id]);
    expect(rows[0].phone).toBe('+31619999901');
    expect(rows[0].payload.text.body).toMatch(/^Wie is dit\?/);
  });

  it('finds the candidate by their phone when they have no WhatsApp number, however it was typed', async () => {
    const digits = `1${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const person = await newCandidate(recruiter, { phone: `+31 (0)6 ${digits.slice(0, 4)} ${digits.slice(4)}`, allowsWhatsapp: true });
    const answer = await deliver(webhookPayload({ messages: [inboundText(`316${digits}`, 'Hallo')] }));
    expect(answer.json).toMatchObject({ stored: 1 });
    const { rows } = await app.pools.owner.query("select channel from public.messages where candidate_id = $1 and direction = 'in'", [person.id]);
    expect(rows).toEqual([{ channel: 'whatsapp' }]);
  });

  it.each(['STOP', 'stoppen', 'Afmelden'])('"%s" withdraws WhatsApp consent through the ledger, email consent untouched', async (word) => {
    const person = await whatsappCandidate();
    const answer = await deliver(webhookPayload({ messages: [inboundText(person.waId, word)] }));
    expect(answer.json).toMatchObject({ stored: 1, optOuts: 1 });
    const { rows: [candidate] } = await app.pools.owner.query(
      'select allows_whatsapp, whatsapp_opted_out_at is not null as opted_out, allows_email from public.candidates where id = $1', [person.id]);
    expect(candidate).toEqual({ allows_whatsapp: false, opted_out: true, allows_email: true });
    const { rows: ledger } = await app.pools.owner.query(
      "select channel, granted, source from public.consent_events where candidate_id = $1 and source = 'whatsapp_reply'", [person.id]);
    expect(ledger).toEqual([{ channel: 'whatsapp', granted: false, source: 'whatsapp_reply' }]);
    const { rows: [reply] } = await app.pools.owner.query("select sentiment, removal_requested from public.messages where candidate_id = $1 and direction = 'in'", [person.id]);
    expect(reply).toEqual({ sentiment: 'negative', removal_requested: true });
    // A recruiter cannot message them on WhatsApp any more.
    const refused = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Nog één vraag' });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ field: 'channel', error: 'Candidate opted out of WhatsApp' });
  });
});

describe('POST /api/webhooks/whatsapp: delivery statuses', () => {
  /** An outbound WhatsApp message of ours with this wamid (as the worker records it after the Cloud API accepted it). */
  async function sentMessage() {
    const person = await whatsappCandidate();
    const id = wamid();
    const { rows: [row] } = await app.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, content, status, provider_message_id, sent_at)
       values ($1, 'out', 'whatsapp', 'Hoi!', 'sent', $2, now()) returning id`, [person.id, id]);
    return { person, id, messageId: row.id as number };
  }
  const read = async (messageId: number) => (await recruiter.get(`/api/messages/${messageId}`)).json as Message;

  it('records sent, delivered and read on the message, each once, and keeps the furthest when they come out of order', async () => {
    const { person, id, messageId } = await sentMessage();
    expect((await deliver(webhookPayload({ statuses: [statusEvent(id, 'sent', person.waId)] }))).json).toMatchObject({ statuses: 1 });
    expect((await read(messageId)).deliveryStatus?.status).toBe('sent');
    await deliver(webhookPayload({ statuses: [statusEvent(id, 'read', person.waId)] }));
    // delivered after read: recorded as an event, the message stays read.
    const late = await deliver(webhookPayload({ statuses: [statusEvent(id, 'delivered', person.waId)] }));
    expect(late.json).toMatchObject({ statuses: 1 });
    const again = await deliver(webhookPayload({ statuses: [statusEvent(id, 'read', person.waId)] }));
    expect(again.json).toMatchObject({ statuses: 0, duplicates: 1 });
    const message = await read(messageId);
    expect(message.deliveryStatus?.status).toBe('read');
    expect(message.status).toBe('sent');
    expect((await events(id)).map((e) => [e.status, e.outcome])).toEqual([['sent', 'status_recorded'], ['read', 'status_recorded'], ['delivered', 'status_recorded']]);
  });

  it('records a failure with its reason and error code', async () => {
    const { person, id, messageId } = await sentMessage();
    const answer = await deliver(webhookPayload({
      statuses: [statusEvent(id, 'failed', person.waId, { code: 131026, title: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' })],
    }));
    expect(answer.json).toMatchObject({ statuses: 1 });
    const message = await read(messageId);
    expect(message.status).toBe('failed');
    expect(message.deliveryStatus?.status).toBe('failed');
    expect(message.error).toMatch(/^This number cannot receive WhatsApp messages \(131026\)/);
    // Our words by their code, Meta's as the tail (decision 032).
    expect(message).toMatchObject({
      errorCode: 'delivery.whatsapp_cannot_receive',
      errorParams: { tail: ' (131026): Message undeliverable: Receiver is incapable of receiving this message' },
    });
    const { rows } = await app.pools.owner.query('select error_code, reason_code from public.whatsapp_events where wamid = $1', [id]);
    expect(rows[0]).toEqual({ error_code: 131026, reason_code: 'delivery.whatsapp_cannot_receive' });
  });

  it('applies statuses that came before the worker recorded the wamid, once it does', async () => {
    const person = await whatsappCandidate();
    const id = wamid();
    // Meta's "sent" and "delivered" arrive while the message is still being recorded.
    const early = await deliver(webhookPayload({ statuses: [statusEvent(id, 'sent', person.waId), statusEvent(id, 'delivered', person.waId)] }));
    expect(early.json).toMatchObject({ unmatched: 2 });
    const { rows: [row] } = await app.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, content, status)
       values ($1, 'out', 'whatsapp', 'Hoi!', 'sending') returning id`, [person.id]);
    // What the worker's record of the Cloud API's answer writes (domain/mail/delivery.ts recordOutcomes).
    await app.pools.owner.query(`update public.messages set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`, [row.id, id]);
    const message = (await recruiter.get(`/api/messages/${row.id}`)).json as Message;
    expect(message).toMatchObject({ status: 'sent', deliveryStatus: { status: 'delivered' } });
    expect((await events(id)).map((e) => [e.status, e.outcome, e.message_id])).toEqual([
      ['sent', 'status_recorded', row.id], ['delivered', 'status_recorded', row.id],
    ]);
  });

  it('applies a status that arrives while the worker is recording the wamid: the webhook waits for the record', async () => {
    const person = await whatsappCandidate();
    const id = wamid();
    const { rows: [row] } = await app.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, content, status)
       values ($1, 'out', 'whatsapp', 'Hoi!', 'sending') returning id`, [person.id]);
    const worker = await app.pools.owner.connect();
    try {
      // The worker's record, not yet committed, when Meta's "delivered" comes in.
      await worker.query('begin');
      await worker.query(`update public.messages set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`, [row.id, id]);
      const answer = deliver(webhookPayload({ statuses: [statusEvent(id, 'delivered', person.waId)] }));
      // The webhook waits for the record's lock; without it, the record would miss the event and the webhook the wamid.
      const waitingForLock = async () => (await app.pools.owner.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`)).rows[0].n;
      await until(waitingForLock, (n) => n === 1);
      await worker.query('commit');
      expect((await answer).json).toMatchObject({ statuses: 1, unmatched: 0 });
    } finally {
      await worker.query('rollback'); // only if the test failed before the commit
      worker.release();
    }
    expect((await recruiter.get(`/api/messages/${row.id}`)).json).toMatchObject({ status: 'sent', deliveryStatus: { status: 'delivered' } });
  });

  it("the database's statuses are the schema's", async () => {
    const { rows: [check] } = await app.pools.owner.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'public.messages'::regclass and pg_get_constraintdef(oid) like '%delivery_status%'`);
    expect([...check.def.matchAll(/'(\w+)'::text/g)].map((m) => m[1])).toEqual([...DELIVERY_STATUSES]);
    const { rows: [fn] } = await app.pools.owner.query<{ src: string }>("select prosrc as src from pg_proc where proname = 'apply_whatsapp_status'");
    expect(fn.src).toContain(`array[${DELIVERY_STATUSES.map((status) => `'${status}'`).join(', ')}]`);
  });

  it('keeps a status of a message we do not know as an event, answering 200', async () => {
    const id = wamid();
    const answer = await deliver(webhookPayload({ statuses: [statusEvent(id, 'delivered', '31600000001')] }));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ unmatched: 1 });
    expect((await events(id))[0]).toMatchObject({ outcome: 'unknown_message', message_id: null });
  });
});
