// Real delivery: the worker sends through SMTP into an in-process SMTP server.
// Asserts the headers a mail client sees, the retry of a temporary failure,
// a permanent failure recorded on the message, and one delivery per message
// however often its job runs. The Graph adapter is checked against a fake.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { createGraphMail } from '#platform/mail/graph.server.ts';
import { composeMail } from '#domain/mail/compose.server.ts';
import { MailDeliveryError } from '#platform/mail/port.server.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let worker: Worker;
let sink: SmtpSink;
let recruiter: TestClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    config: { openai: NO_AI, ...smtpConfig(sink), mail: { replyTo: 'replies@inbound.talentloop.test', retryDelaySeconds: 1, retryLimit: 3, syncSeconds: 60 } },
    jobs: { send: (queue, jobs) => worker.jobs.send(queue, jobs) },
  });
  worker = await startWorker(app.ownerUrl, app.pools, app.config);
  recruiter = app.client({ ip: '10.22.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await sink?.close();
});

const settled = (id: number) => until(() => recruiter.get(`/api/messages/${id}`), (r) => ['sent', 'failed'].includes(r.json.status));
const tokenOf = async (messageId: number) => (await app.pools.owner.query('select reply_token from public.messages where id = $1', [messageId])).rows[0].reply_token;
async function receivedFor(messageId: number): Promise<ParsedMail[]> {
  const parsed = await Promise.all(sink.received.map((r) => simpleParser(r.raw)));
  return parsed.filter((mail) => mail.headers.get('x-talentloop-message') === String(messageId));
}
/** A new candidate who consented to email, with a first name for {{firstName}}. */
const newRecipient = () => newCandidate(recruiter, { name: `Daan Delivery ${uniqueTag()}` });
const sendEmail = (candidateId: number, body: Record<string, unknown>) =>
  recruiter.post(`/api/candidates/${candidateId}/messages`, { channel: 'email', ...body });
/** Waits until the message has at least `count` delivery jobs and every one of them has run to its end. */
const jobsFinished = (messageId: number, count: number) => until(
  () => worker.boss.findJobs(QUEUES.mailSend, { data: { messageId } }),
  (jobs) => jobs.length >= count && jobs.every((job) => job.state === 'completed' || job.state === 'failed'));

describe('SMTP delivery', () => {
  it('sends with a Message-ID, Reply-To token, visible unsubscribe link and RFC 8058 one-click headers', async () => {
    const person = await newRecipient();
    const created = await sendEmail(person.id, { subject: 'A new role for you', content: 'Hi {{firstName}},\n\nFancy a chat?' });
    const first = created.json.message;
    expect((await settled(first.id)).json).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(String) });
    const [mail] = await receivedFor(first.id);
    const token = await tokenOf(first.id);
    const firstMessageId = mail.messageId!;
    expect(firstMessageId).toMatch(new RegExp(`^<talentloop\\.${first.id}\\.${token.slice(0, 8)}@talentloop\\.test>$`));
    expect(mail.to).toMatchObject({ value: [{ address: person.email }] });
    expect(mail.from?.value[0]).toMatchObject({ name: 'Talentloop Recruiting', address: 'recruiting@talentloop.test' });
    expect(mail.replyTo?.value[0].address).toBe(`replies+${token}@inbound.talentloop.test`);
    // The reply token stays out of what the candidate reads: Reply-To, Message-ID and the links carry it.
    expect(mail.subject).toBe('A new role for you');
    const raw = sink.received.find((r) => r.raw.toString().includes(firstMessageId))!.raw.toString();
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <http://127\\.0\\.0\\.1:4400/api/unsubscribe/${token}>, ` +
      `<mailto:replies\\+unsubscribe-${token}@inbound\\.talentloop\\.test\\?subject=unsubscribe>\\r?$`, 'm'));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.text).toContain(`Unsubscribe: http://127.0.0.1:4400/unsubscribe/${token}`);
    expect(mail.html).toContain(`href="http://127.0.0.1:4400/unsubscribe/${token}"`);
    // And the candidate's privacy page, by the same token, in the mail's language.
    expect(mail.text).toContain(`Your data: http://127.0.0.1:4400/privacy/${token}\n`);
    expect(mail.html).toContain(`<a href="http://127.0.0.1:4400/privacy/${token}">Your data</a>`);
    expect(mail.inReplyTo).toBeUndefined();
  });

  it('a reply carries In-Reply-To and References to the original', async () => {
    const person = await newRecipient();
    const first = (await sendEmail(person.id, { subject: 'A new role for you', content: 'Hi {{firstName}},\n\nFancy a chat?' })).json.message;
    await settled(first.id);
    const [original] = await receivedFor(first.id);
    const reply = await sendEmail(person.id, { subject: first.subject, content: 'Following up on my message.', originalMessageId: first.id });
    await settled(reply.json.message.id);
    const [mail] = await receivedFor(reply.json.message.id);
    expect(mail.inReplyTo).toBe(original.messageId);
    expect([mail.references].flat()).toEqual([original.messageId]);
    expect(mail.subject).toBe('Re: A new role for you');
  });

  it('retries a temporary failure with backoff and delivers once', async () => {
    const person = await newRecipient();
    sink.refuse(person.email!, 451, 1);
    const created = await sendEmail(person.id, { subject: 'Retry me', content: 'Hello' });
    const done = await settled(created.json.message.id);
    expect(done.json).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(await receivedFor(created.json.message.id)).toHaveLength(1);
  });

  it('records a permanent failure on the message and does not retry it', async () => {
    const person = await newRecipient();
    sink.refuse(person.email!, 550);
    const created = await sendEmail(person.id, { subject: 'No such mailbox', content: 'Hello' });
    const done = await settled(created.json.message.id);
    expect(done.json).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.json.error).toMatch(/^SMTP 550: 550 Mailbox unavailable/);
    // The server's own words are the detail of a code the interface says in its language (decision 032).
    expect(done.json).toMatchObject({ errorCode: 'delivery.provider_failed', errorParams: { detail: done.json.error } });
    expect(await receivedFor(created.json.message.id)).toHaveLength(0);
  });

  it('delivers a message once however many jobs run for it (at-least-once jobs)', async () => {
    const person = await newRecipient();
    const created = await sendEmail(person.id, { subject: 'Only once', content: 'Hello' });
    const id = created.json.message.id;
    // The API's job, the same job again, and three more as a sweep or a crashed worker's retry would add.
    const jobs = [mailJob(id), mailJob(id, 1), mailJob(id, 2), mailJob(id, 3)];
    await Promise.all([
      worker.jobs.send(QUEUES.mailSend, [jobs[0]]),
      worker.jobs.send(QUEUES.mailSend, jobs.slice(1)),
    ]);
    await settled(id);
    // Every one of those jobs has run (whatever it did happened before it completed): only then count the mail.
    expect((await jobsFinished(id, jobs.length)).map((job) => job.id)).toEqual(expect.arrayContaining(jobs.map((job) => job.id)));
    expect(await receivedFor(id)).toHaveLength(1);
    expect((await recruiter.get(`/api/messages/${id}`)).json.attempts).toBe(1);
  });

  it('a queued message waits for its send_after: a job before then sends nothing, one after it sends the mail', async () => {
    const person = await newRecipient();
    await worker.boss.offWork(QUEUES.mailSend, { wait: true });
    const created = await sendEmail(person.id, { subject: 'Later', content: 'Hello' });
    const id = created.json.message.id;
    await app.pools.owner.query(`update public.messages set send_after = now() + interval '1 hour' where id = $1`, [id]);
    await worker.stop();
    worker = await startWorker(app.ownerUrl, app.pools, app.config);
    await worker.jobs.send(QUEUES.mailSend, [mailJob(id, 0, 'early')]);
    await jobsFinished(id, 2);
    expect((await recruiter.get(`/api/messages/${id}`)).json).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await receivedFor(id)).toHaveLength(0);

    await app.pools.owner.query(`update public.messages set send_after = now() - interval '1 second' where id = $1`, [id]);
    await worker.jobs.send(QUEUES.mailSend, [mailJob(id, 0, 'due')]);
    expect((await settled(id)).json.status).toBe('sent');
    expect(await receivedFor(id)).toHaveLength(1);
  });

  it('does not send a queued message to someone who unsubscribed in the meantime', async () => {
    const person = await newRecipient();
    // No delivery while the candidate unsubscribes: the message waits, queued.
    await worker.boss.offWork(QUEUES.mailSend, { wait: true });
    const created = await sendEmail(person.id, { subject: 'Too late', content: 'Hello' });
    const token = await tokenOf(created.json.message.id);
    expect((await app.client().post(`/api/unsubscribe/${token}`, undefined, { origin: null })).status).toBe(200);
    await worker.stop();
    worker = await startWorker(app.ownerUrl, app.pools, app.config);
    const done = await settled(created.json.message.id);
    expect(done.json).toMatchObject({
      status: 'failed', error: 'Candidate withdrew email consent before the message was sent', errorCode: 'skipped.consent_withdrawn_email', errorParams: null,
    });
    expect(await receivedFor(created.json.message.id)).toHaveLength(0);
  });
});

describe('Microsoft Graph adapter', () => {
  it('uploads the MIME message with our headers and a bearer token; 4xx is final, 5xx is retried', async () => {
    const requests: Array<{ url: string; auth: string | undefined; type: string | undefined; body: string }> = [];
    let status = 202;
    // Node ignores a listener's promise: answer once the body has been read.
    const server = http.createServer((req, res) => void text(req).then((body) => {
      requests.push({ url: req.url!, auth: req.headers.authorization, type: req.headers['content-type'], body });
      // Like Graph: 202 with no body; errors as JSON.
      if (status === 202) { res.writeHead(202).end(); return; }
      res.writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: status === 400 ? 'ErrorInvalidRecipients' : 'ServiceUnavailable', message: 'refused' } }));
    }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const credential = { getToken: () => Promise.resolve({ token: 'graph-token', expiresOnTimestamp: Date.now() + 3_600_000 }) };
      const graph = createGraphMail({
        tenantId: 't', clientId: 'c', clientSecret: 's', mailbox: 'recruiting@talentloop.test', authorityHost: undefined,
        baseUrl: `http://127.0.0.1:${port}`,
      }, credential);
      const mail = composeMail({
        id: 42, replyToken: 'a'.repeat(24), subject: 'Hello', content: 'Hi there', candidateName: 'Daan', candidateEmail: 'daan@example.com',
        inReplyTo: '<original@talentloop.test>', references: ['<original@talentloop.test>'],
      }, { from: 'Talentloop <recruiting@talentloop.test>', publicUrl: 'https://talentloop.example' });
      expect(await graph.send(mail)).toEqual({ providerMessageId: mail.messageId });
      expect(requests[0]).toMatchObject({ url: '/v1.0/users/recruiting%40talentloop.test/sendMail', auth: 'Bearer graph-token', type: 'text/plain' });
      const mime = Buffer.from(requests[0].body, 'base64');
      const sent = await simpleParser(mime);
      expect(sent.messageId).toBe(mail.messageId);
      expect(sent.inReplyTo).toBe('<original@talentloop.test>');
      expect(mime.toString()).toMatch(
        /^List-Unsubscribe: <https:\/\/talentloop\.example\/api\/unsubscribe\/a{24}>, <mailto:reply\+unsubscribe-a{24}@talentloop\.test\?subject=unsubscribe>\r$/m);
      // RFC 5322 line ends in the uploaded MIME, also inside the bodies.
      expect(mime.toString()).not.toMatch(/(?<!\r)\n/);
      expect(sent.subject).toBe('Hello');
      expect(mime.toString()).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

      status = 400;
      await expect(graph.send(mail)).rejects.toSatisfy((e: MailDeliveryError) => e.permanent === true);
      status = 503;
      await expect(graph.send(mail)).rejects.toSatisfy((e: MailDeliveryError) => e.permanent === false);
    } finally {
      server.close();
    }
  });
});
