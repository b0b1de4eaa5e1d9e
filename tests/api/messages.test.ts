// Messages and threads through the API, with the worker delivering into the
// dev outbox: compose, consent refusals with the spec's reasons, replies
// ("Re: "), the thread list, reading a thread, and "reply as the candidate".
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { CONSENT, newCandidate, uniqueTag } from '../support/test-data.ts';

let app: TestAppWithWorker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.21.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

const compose = (candidateId: number, body: Record<string, unknown>) => recruiter.post(`/api/candidates/${candidateId}/messages`, body);
const sentMessage = (id: number) => until(() => recruiter.get(`/api/messages/${id}`), (r) => r.json.status !== 'queued' && r.json.status !== 'sending');
/** A new candidate who can be emailed, with a first name for {{firstName}}. */
const newRecipient = (fields: Record<string, unknown> = {}) => newCandidate(recruiter, { name: `Lotte Messages ${uniqueTag()}`, ...fields });

describe('sending a message to a candidate', () => {
  it('stores it queued, delivers it, and shows it in the dev outbox', async () => {
    const candidate = await newRecipient();
    const created = await compose(candidate.id, { subject: 'A new role for you', content: 'Hi {{firstName}},\n\nAre you open to a chat?', channel: 'email', platform: 'email' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      success: true,
      message: {
        subject: 'A new role for you', content: `Hi ${candidate.name.split(' ')[0]},\n\nAre you open to a chat?`,
        direction: 'out', channel: 'email', status: 'queued', sentiment: null, candidate: { id: candidate.id, name: candidate.name },
      },
    });
    const { id } = created.json.message;
    expect(created.json.message.threadId).toBe(id);

    const sent = await sentMessage(id);
    expect(sent.json).toMatchObject({ id, status: 'sent', attempts: 1, error: null, createdAt: expect.any(String) });

    const outbox = await recruiter.get('/api/outbox');
    expect(outbox.json.transport).toBe('outbox');
    const email = outbox.json.emails.find((e: { messageId: number }) => e.messageId === id);
    expect(email.subject).toBe('A new role for you');
    const full = await recruiter.get(`/api/outbox/${email.id}`);
    expect(full.json.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(full.json.raw).toContain('Message-ID: <talentloop.');
  });

  it('keeps the raw mail with CRLF line ends, a mailto: unsubscribe beside the URL, and the reply token out of the subject', async () => {
    const created = await compose((await newRecipient()).id, { subject: 'Line ends', content: 'Hi {{firstName}},\r\n\r\nFirst line\nsecond line\rthird line', channel: 'email' });
    const { id } = created.json.message;
    await sentMessage(id);
    const { rows: [row] } = await app.pools.owner.query(
      `select o.raw, o.subject, o.headers, m.reply_token as token
         from public.mail_outbox o join public.messages m on m.id = o.message_id where o.message_id = $1`, [id]);
    const raw: string = row.raw;
    expect(raw).toContain('\r\n\r\n'); // the header/body boundary
    expect(raw).not.toMatch(/(?<!\r)\n/); // no LF without CR
    expect(raw).not.toMatch(/\r(?!\n)/); // no CR without LF
    expect(row.subject).toBe('Line ends');
    expect(raw).toMatch(/^Subject: Line ends\r$/m);
    expect(raw).not.toContain('[ref:');
    const listUnsubscribe = `<http://127.0.0.1:4400/api/unsubscribe/${row.token}>, <mailto:reply+unsubscribe-${row.token}@talentloop.test?subject=unsubscribe>`;
    expect(raw.split('\r\n')).toContain(`List-Unsubscribe: ${listUnsubscribe}`);
    expect(row.headers['List-Unsubscribe']).toBe(listUnsubscribe);
    // The token is still where replies and unsubscribes need it.
    expect(raw).toMatch(new RegExp(`^Reply-To: reply\\+${row.token}@talentloop\\.test\r$`, 'm'));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Line ends');
    expect(parsed.text).toContain('First line\nsecond line\nthird line');
    expect(parsed.text).toContain(`/unsubscribe/${row.token}`);
  });

  it('refuses with the reason the compose dialog shows', async () => {
    const noConsent = await compose((await newRecipient(CONSENT.noEmailConsent)).id, { subject: 'Hi', content: 'Hello', channel: 'email' });
    expect(noConsent.status).toBe(422);
    expect(noConsent.json).toEqual({ error: 'Candidate has not consented to email', code: 'blockers.no_consent', field: 'channel' });
    const noEmail = await compose((await newRecipient(CONSENT.noAddress)).id, { subject: 'Hi', content: 'Hello', channel: 'email' });
    expect(noEmail.json).toEqual({ error: 'No email address on file', code: 'blockers.no_email', field: 'channel' });
    const noWhatsapp = await compose((await newRecipient(CONSENT.noWhatsappConsent)).id, { content: 'Hello', channel: 'whatsapp', platform: 'whatsapp' });
    expect(noWhatsapp.json).toEqual({ error: 'Candidate has not consented to WhatsApp', code: 'blockers.no_whatsapp_consent', field: 'channel' });
    const unknown = await compose(999999, { subject: 'Hi', content: 'Hello', channel: 'email' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.field).toBe('candidateId');
  });

  it('validates with the spec texts', async () => {
    const { id } = await newRecipient();
    expect((await compose(id, { content: 'Hello', channel: 'email' })).json).toEqual({ error: 'Subject is required for email messages', code: 'validation.subject_required', field: 'subject' });
    expect((await compose(id, { subject: 'Hi', content: '  ', channel: 'email' })).json).toEqual({ error: 'Message content is required', code: 'validation.message_content_required', field: 'content' });
    expect((await compose(id, { subject: 'Hi', content: 'x', channel: 'fax' })).json).toEqual({ error: 'channel must be email or whatsapp', code: 'validation.choice', params: { field: 'channel', choices: 'email or whatsapp' }, field: 'channel' });
    expect((await recruiter.post('/api/candidates/abc/messages', { subject: 'Hi', content: 'x' })).json.field).toBe('candidateId');
  });

  it('refuses a draft with a blank only the recruiter can fill', async () => {
    const response = await compose((await newRecipient()).id, { subject: 'Join {{company}}', content: 'Hi {{firstName}}', channel: 'email' });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ error: 'Replace {{company}} in the subject before sending', code: 'placeholders_left', params: { placeholders: '{{company}}', field: 'subject' }, field: 'subject' });
  });

  // Without WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID (tests/api/whatsapp-send.test.ts sends through a fake Cloud API).
  it('accepts a WhatsApp message where consented, and records that WhatsApp is not configured', async () => {
    const created = await compose((await newRecipient(CONSENT.whatsapp)).id, { content: 'Hoi! Even bellen?', channel: 'whatsapp', platform: 'whatsapp' });
    expect(created.status).toBe(201);
    const done = await sentMessage(created.json.message.id);
    expect(done.json).toMatchObject({ status: 'failed', error: 'WhatsApp not configured' });
  });

  it('is for signed-in users only', async () => {
    expect((await app.client().post('/api/candidates/1/messages', { subject: 'Hi', content: 'x' })).status).toBe(401);
    expect((await app.client().get('/api/messages')).status).toBe(401);
  });
});

describe('threads and replies', () => {
  /** A new candidate and a first message to them, delivered. */
  async function newThread() {
    const candidate = await newRecipient();
    const first = (await compose(candidate.id, { subject: 'Senior Backend role', content: 'Hi {{firstName}}, interested in a Go role?', channel: 'email' })).json.message;
    await sentMessage(first.id);
    return { candidate, first: first as { id: number; subject: string } };
  }

  it('a reply is threaded under the original with "Re: " once', async () => {
    const { candidate, first } = await newThread();
    const reply = await compose(candidate.id, { subject: first.subject, content: 'Just following up.', channel: 'email', originalMessageId: first.id });
    expect(reply.status).toBe(201);
    expect(reply.json.message).toMatchObject({ subject: 'Re: Senior Backend role', threadId: first.id, originalMessageId: first.id });
    const again = await compose(candidate.id, { subject: 'Re: Senior Backend role', content: 'And again.', channel: 'email', originalMessageId: reply.json.message.id });
    expect(again.json.message).toMatchObject({ subject: 'Re: Senior Backend role', threadId: first.id });
    const empty = await compose(candidate.id, { subject: 'Re: x', content: '', channel: 'email', originalMessageId: first.id });
    expect(empty.json).toEqual({ error: 'Reply content is required', code: 'validation.reply_content_required', field: 'content' });
    const elsewhere = await compose((await newRecipient()).id, { subject: 'Re: x', content: 'Hi', channel: 'email', originalMessageId: first.id });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.field).toBe('originalMessageId');
  });

  it('the candidate answers (dev outbox "reply as the candidate"); the thread shows it unread, with sentiment', async () => {
    const { candidate, first } = await newThread();
    const followUp = await compose(candidate.id, { subject: first.subject, content: 'Just following up.', channel: 'email', originalMessageId: first.id });
    await sentMessage(followUp.json.message.id);
    const outbox = await recruiter.get('/api/outbox');
    const email = outbox.json.emails.find((e: { messageId: number }) => e.messageId === first.id);
    const answered = await recruiter.post(`/api/outbox/${email.id}/reply`, { content: 'Sounds great, I would love to hear more! When can we talk?' });
    expect(answered.status).toBe(201);
    expect(answered.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: first.id, sentiment: 'positive' });
    expect(answered.json.message).toMatchObject({
      direction: 'in', status: 'received', sentiment: 'positive', threadId: first.id, originalMessageId: first.id,
      subject: 'Re: Senior Backend role', content: 'Sounds great, I would love to hear more! When can we talk?',
    });

    const list = await recruiter.get('/api/messages?sentiment=positive');
    expect(list.status).toBe(200);
    const thread = list.json.threads.find((t: { threadId: number }) => t.threadId === first.id);
    expect(thread).toMatchObject({
      subject: 'Senior Backend role', sentiment: 'positive', unreadCount: 1, messageCount: 3,
      candidate: { id: candidate.id }, lastMessage: { direction: 'in', content: 'Sounds great, I would love to hear more! When can we talk?' },
    });
    expect(list.json.threads[0].threadId).toBe(first.id); // newest activity first
    const negative = await recruiter.get('/api/messages?sentiment=negative');
    expect(negative.json.threads.some((t: { threadId: number }) => t.threadId === first.id)).toBe(false);

    const full = await recruiter.get(`/api/messages/${first.id}/thread`);
    expect(full.json.messages.map((m: { direction: string }) => m.direction)).toEqual(['out', 'out', 'in']);
    expect(full.json.unreadCount).toBe(1);

    const read = await recruiter.post(`/api/messages/${answered.json.messageId}/read`);
    expect(read.json).toEqual({ success: true, threadId: first.id, unreadCount: 0 });
    const after = await recruiter.get(`/api/messages?candidateId=${candidate.id}`);
    expect(after.json.threads[0]).toMatchObject({ threadId: first.id, unreadCount: 0 });
  });

  it('answers 404 and 400 for unknown and malformed ids and filters', async () => {
    expect((await recruiter.get('/api/messages/999999')).status).toBe(404);
    expect((await recruiter.get('/api/messages/abc')).json).toEqual({ error: 'id must be a positive whole number', code: 'validation.positive_whole_number', params: { field: 'id' }, field: 'id' });
    expect((await recruiter.get('/api/messages?sentiment=happy')).json.field).toBe('sentiment');
    expect((await recruiter.post('/api/messages/999999/read')).status).toBe(404);
    expect((await recruiter.post('/api/outbox/999999/reply', { content: 'x' })).status).toBe(404);
  });
});
