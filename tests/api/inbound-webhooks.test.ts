// Inbound mail through the webhooks of the common mail services (decision 037), each
// request built as the service sends it: SendGrid Inbound Parse with "POST the raw, full
// MIME message" on (multipart form, `email`, basic auth in the URL), Mailgun's route
// forwarding to a URL ending in "mime" (`body-mime`, signed with the webhook signing key)
// and Postmark's inbound JSON with "Include raw email content" on (`RawEmail`, basic auth).
// The raw message takes the same path as raw RFC 822 (tests/api/inbound.test.ts):
// threaded, read, opt-outs withdraw consent. Wrong credentials are 401 and count towards
// the 429, a message sent without its raw form is a 422 naming the field and the setting.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { MAILGUN_SIGNATURE_MAX_AGE_SECONDS } from '#domain/mail/inbound-mailgun.server.ts';

const SECRET = 'webhooks-inbound-secret';
const SIGNING_KEY = 'key-webhooks-signing-0123456789abcdef';
let app: TestAppWithWorker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET, mailgunSigningKey: SIGNING_KEY } });
  recruiter = app.client({ ip: '10.37.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

/** What the candidate's mail client saw of the message we sent them. */
interface Sent { id: number; candidateId: number; from: string; replyTo: string; subject: string; messageId: string }

async function mailNewCandidate(): Promise<Sent> {
  const candidate = await newCandidate(recruiter, { name: `Lotte Webhook ${uniqueTag()}` });
  const created = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: 'Een nieuwe functie', content: 'Hoi, zin in een gesprek?', channel: 'email' });
  const id = created.json.message.id;
  await until(() => recruiter.get(`/api/messages/${id}`), (r) => r.json.status === 'sent');
  const summary = (await recruiter.get('/api/outbox')).json.emails.find((e: { messageId: number }) => e.messageId === id);
  const email = (await recruiter.get(`/api/outbox/${summary.id}`)).json;
  return { id, candidateId: candidate.id, from: `${candidate.name} <${candidate.email}>`, replyTo: email.replyTo, subject: email.subject, messageId: email.internetMessageId };
}

/** The candidate's reply as their mail client writes it; without `threaded`, to our plain address and without In-Reply-To. */
function reply(sent: Sent, text: string, { threaded = true } = {}): string {
  return [
    'MIME-Version: 1.0', 'Date: Mon, 30 Nov 2026 10:12:45 +0100',
    ...(threaded ? [`References: ${sent.messageId}`, `In-Reply-To: ${sent.messageId}`] : []),
    `Message-ID: <${randomUUID()}@mail.gmail.com>`, `Subject: Re: ${sent.subject}`, `From: ${sent.from}`,
    `To: Talentloop Recruiting <${threaded ? sent.replyTo : 'recruiting@talentloop.test'}>`, 'Content-Type: text/plain; charset="UTF-8"',
    '', text, '',
  ].join('\r\n');
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1] ?? '';
const basicAuth = (password: string) => `Basic ${Buffer.from(`inbound:${password}`).toString('base64')}`;

interface Options {
  /** The envelope recipient the service reports; default: the To of the raw message. */
  recipient?: string;
  /** SendGrid and Postmark: the basic-auth password (null: none). Mailgun: the signing key. */
  credential?: string | null;
  /** Mailgun: the signature's timestamp (seconds) and token. */
  timestamp?: number;
  token?: string;
  /** The service sends its parsed form only, without the raw message. */
  withoutRaw?: boolean;
  ip: string;
}

async function post(path: string, body: BodyInit, headers: Record<string, string>, ip: string) {
  const response = await app.api.request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { ...headers, 'x-test-client-ip': ip } });
  return { status: response.status, json: await response.json() };
}

/** SendGrid Inbound Parse: multipart/form-data with its boundary, raw on (`email`), else the parsed fields. */
function sendgrid(raw: string, options: Options) {
  const recipient = options.recipient ?? /<([^>]+)>/.exec(header(raw, 'To'))![1];
  const fields: Array<[string, string]> = [
    ['dkim', '{@gmail.com : pass}'],
    ...(options.withoutRaw ? [['headers', raw.split('\r\n\r\n')[0]], ['text', raw.split('\r\n\r\n')[1]]] as Array<[string, string]> : [['email', raw]] as Array<[string, string]>),
    ['to', header(raw, 'To')], ['from', header(raw, 'From')], ['sender_ip', '209.85.128.41'],
    ['envelope', JSON.stringify({ to: [recipient], from: /<([^>]+)>/.exec(header(raw, 'From'))![1] })],
    ['subject', header(raw, 'Subject')], ['charsets', '{"to":"UTF-8","from":"UTF-8","subject":"UTF-8"}'], ['SPF', 'pass'],
  ];
  const body = fields.map(([name, value]) => `--xYzZY\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + '--xYzZY--\r\n';
  const credential = options.credential === undefined ? SECRET : options.credential;
  return post('/api/inbound/email', body, {
    'content-type': 'multipart/form-data; boundary=xYzZY', 'user-agent': 'Sendlib/1.0', ...(credential === null ? {} : { authorization: basicAuth(credential) }),
  }, options.ip);
}

/** Mailgun's route forward to …/mime: a multipart form with `body-mime` and the signature over timestamp + token. */
function mailgun(raw: string, options: Options) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString('hex');
  const form = new FormData();
  form.set('recipient', options.recipient ?? /<([^>]+)>/.exec(header(raw, 'To'))![1]);
  form.set('sender', /<([^>]+)>/.exec(header(raw, 'From'))![1]);
  form.set('from', header(raw, 'From'));
  form.set('subject', header(raw, 'Subject'));
  if (options.withoutRaw) form.set('body-plain', raw.split('\r\n\r\n')[1]);
  else form.set('body-mime', raw);
  form.set('timestamp', timestamp);
  form.set('token', token);
  if (options.credential !== null) form.set('signature', createHmac('sha256', options.credential ?? SIGNING_KEY).update(timestamp + token).digest('hex'));
  return post('/api/inbound/email/mime', form, {}, options.ip);
}

/** Postmark's inbound webhook: its JSON, with RawEmail when "Include raw email content" is on. */
function postmark(raw: string, options: Options) {
  const from = /^(.*) <([^>]+)>$/.exec(header(raw, 'From'))!;
  const to = /<([^>]+)>/.exec(header(raw, 'To'))![1];
  const payload = {
    FromName: from[1], MessageStream: 'inbound', From: from[2], FromFull: { Email: from[2], Name: from[1], MailboxHash: '' },
    To: header(raw, 'To'), ToFull: [{ Email: to, Name: 'Talentloop Recruiting', MailboxHash: to.split('+')[1]?.split('@')[0] ?? '' }],
    Cc: '', CcFull: [], Bcc: '', BccFull: [], OriginalRecipient: options.recipient ?? to, Subject: header(raw, 'Subject'),
    MessageID: randomUUID(), ReplyTo: '', MailboxHash: '', Date: header(raw, 'Date'),
    TextBody: raw.split('\r\n\r\n')[1], HtmlBody: '', StrippedTextReply: '', Tag: '',
    Headers: [{ Name: 'Message-ID', Value: header(raw, 'Message-ID') }, { Name: 'In-Reply-To', Value: header(raw, 'In-Reply-To') }],
    Attachments: [], ...(options.withoutRaw ? {} : { RawEmail: raw }),
  };
  const credential = options.credential === undefined ? SECRET : options.credential;
  return post('/api/inbound/email', JSON.stringify(payload), {
    'content-type': 'application/json', 'user-agent': 'Postmark', ...(credential === null ? {} : { authorization: basicAuth(credential) }),
  }, options.ip);
}

async function emailConsent(candidateId: number) {
  const { rows: [candidate] } = await app.pools.owner.query(
    'select allows_email as "allowsEmail", unsubscribed_at is not null as "optedOut" from public.candidates where id = $1', [candidateId]);
  return candidate as { allowsEmail: boolean; optedOut: boolean };
}

const SERVICES = [
  { name: 'SendGrid Inbound Parse', send: sendgrid, net: 1, rawField: 'email', setting: 'POST the raw, full MIME message', authField: 'authorization' },
  { name: 'Mailgun (forward to …/mime)', send: mailgun, net: 2, rawField: 'body-mime', setting: '/mime', authField: 'signature' },
  { name: 'Postmark inbound', send: postmark, net: 3, rawField: 'RawEmail', setting: 'Include raw email content in JSON payload', authField: 'authorization' },
];

describe.each(SERVICES)('$name', ({ send, net, rawField, setting, authField }) => {
  /** An address of its own for each test (an IPv6 /64), so that failures counted in one never reach another. */
  let tests = 0;
  const ip = () => `2001:db8:37${net}:${++tests}::1`;

  it('threads a candidate\'s reply into its thread, with what they wrote', async () => {
    const sent = await mailNewCandidate();
    const result = await send(reply(sent, 'Thanks, that sounds interesting. Can we talk on Thursday?'), { ip: ip() });
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'in-reply-to', threadId: sent.id, candidateId: sent.candidateId, sentiment: 'positive' });
    const message = (await recruiter.get(`/api/messages/${result.json.messageId}`)).json;
    expect(message).toMatchObject({ direction: 'in', originalMessageId: sent.id, content: 'Thanks, that sounds interesting. Can we talk on Thursday?' });
  });

  it('threads by the envelope recipient the service reports (the reply address), as a receiving server would', async () => {
    const sent = await mailNewCandidate();
    const result = await send(reply(sent, 'Graag, bel me maar.', { threaded: false }), { recipient: sent.replyTo, ip: ip() });
    expect(result.json).toMatchObject({ status: 'stored', matchedBy: 'reply-address', threadId: sent.id });
  });

  it('an opt-out reply withdraws email consent', async () => {
    const sent = await mailNewCandidate();
    const result = await send(reply(sent, 'Mail mij niet meer'), { ip: ip() });
    expect(result.json).toMatchObject({ status: 'stored', threadId: sent.id, removalRequested: true });
    expect(await emailConsent(sent.candidateId)).toEqual({ allowsEmail: false, optedOut: true });
  });

  it('wrong or missing credentials are a 401; 10 from one network make it a 429, also for the right ones', async () => {
    const sent = await mailNewCandidate();
    const from = `2001:db8:37${net}:ff::`;
    expect(await send(reply(sent, 'Hi'), { credential: null, ip: `${from}1` })).toMatchObject({ status: 401, json: { field: authField } });
    for (let n = 2; n <= 10; n++) {
      expect(await send(reply(sent, 'Hi'), { credential: `wrong-${n}`, ip: `${from}${n}` })).toMatchObject({ status: 401, json: { field: authField } });
    }
    expect(await send(reply(sent, 'Hi'), { ip: `${from}11` })).toMatchObject({ status: 429, json: { field: 'authorization' } });
    // Nothing was stored for the candidate.
    expect((await recruiter.get(`/api/messages/${sent.id}/thread`)).json.messages).toHaveLength(1);
  });

  it(`without the raw message it is a 422 naming ${rawField} and the setting to turn on`, async () => {
    const sent = await mailNewCandidate();
    const result = await send(reply(sent, 'Hi'), { withoutRaw: true, ip: ip() });
    expect(result).toMatchObject({ status: 422, json: { field: rawField } });
    expect(result.json.error).toContain(rawField);
    expect(result.json.error).toContain(setting);
    // Not even a 422 for a sender without credentials: it learns nothing.
    expect((await send(reply(sent, 'Hi'), { withoutRaw: true, credential: null, ip: ip() })).status).toBe(401);
  });

  it('a message over 15 MB is a 413', async () => {
    const sent = await mailNewCandidate();
    const result = await send(reply(sent, 'x'.repeat(15 * 1024 * 1024)), { ip: ip() });
    expect(result).toMatchObject({ status: 413, json: { error: 'The message is larger than 15 MB', field: 'body' } });
  });
});

describe('Mailgun\'s signature', () => {
  let tests = 0;
  const ip = () => `2001:db8:374:${++tests}::1`;

  it('an old or future timestamp is a 401, even correctly signed (a replay)', async () => {
    const sent = await mailNewCandidate();
    const now = Math.floor(Date.now() / 1000);
    const old = await mailgun(reply(sent, 'Hi'), { timestamp: now - MAILGUN_SIGNATURE_MAX_AGE_SECONDS - 60, ip: ip() });
    expect(old).toMatchObject({ status: 401, json: { code: 'mailgun_signature_replayed', field: 'timestamp' } });
    expect((await mailgun(reply(sent, 'Hi'), { timestamp: now + MAILGUN_SIGNATURE_MAX_AGE_SECONDS + 60, ip: ip() })).status).toBe(401);
  });

  it('a token is taken once: the same signature again, with another message, is a 401', async () => {
    const sent = await mailNewCandidate();
    const token = randomBytes(25).toString('hex');
    expect((await mailgun(reply(sent, 'Klinkt goed!'), { token, ip: ip() })).status).toBe(201);
    const again = await mailgun(reply(sent, 'Mail mij niet meer'), { token, ip: ip() });
    expect(again).toMatchObject({ status: 401, json: { code: 'mailgun_signature_replayed', field: 'token' } });
    expect(await emailConsent(sent.candidateId)).toEqual({ allowsEmail: true, optedOut: false });
  });

  it('is a 503 naming the setting while MAILGUN_SIGNING_KEY is not set; the other formats do not need it', async () => {
    const sent = await mailNewCandidate();
    app.config.mailgunSigningKey = undefined;
    try {
      expect(await mailgun(reply(sent, 'Hi'), { ip: ip() })).toMatchObject({
        status: 503, json: { error: 'Inbound mail from Mailgun is not configured (set MAILGUN_SIGNING_KEY)', field: 'signature' },
      });
      expect((await postmark(reply(sent, 'Klinkt goed!'), { ip: ip() })).status).toBe(201);
    } finally {
      app.config.mailgunSigningKey = SIGNING_KEY;
    }
  });
});

describe('forms that are not what a service sends', () => {
  it('an unreadable form, a field given twice, and a broken SendGrid envelope are 400s naming the field', async () => {
    const headers = { authorization: basicAuth(SECRET) };
    const broken = await post('/api/inbound/email', '--nope\r\n', { ...headers, 'content-type': 'multipart/form-data; boundary=xYzZY' }, '2001:db8:375:1::1');
    expect(broken).toMatchObject({ status: 400, json: { field: 'body' } });
    const twice = await post('/api/inbound/email', 'email=a&email=b', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, '2001:db8:375:1::1');
    expect(twice).toMatchObject({ status: 400, json: { error: 'email is given more than once', field: 'email' } });
    const envelope = await post('/api/inbound/email', 'email=From%3A%20a%40b.example&envelope=%7Bnot', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, '2001:db8:375:1::1');
    expect(envelope).toMatchObject({ status: 400, json: { field: 'envelope' } });
    const json = await post('/api/inbound/email', '[1]', { ...headers, 'content-type': 'application/json' }, '2001:db8:375:1::1');
    expect(json).toMatchObject({ status: 400, json: { field: 'body' } });
  });
});
