// Bounces through POST /api/inbound/email on the real database with the worker
// sending into an SMTP sink: a hard bounce (Gmail, Outlook, Postfix, qmail
// shapes) marks the address bounced and suppressed without touching consent,
// once however often the report comes; a soft bounce (Postfix 4.2.2) queues the
// message again with send_after and its job, which sends it with the same
// Message-ID when due (driven, not waited for), at most 3 times; reports we
// cannot match or read are kept aside, never stored as replies, never a 5xx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag, type CreatedCandidate } from '../support/test-data.ts';
import type { Worker } from '#worker/index.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { SOFT_RETRY_DELAYS_MINUTES } from '#domain/mail/bounces.server.ts';

const SECRET = 'bounce-test-secret';
let app: TestAppWithWorker;
let worker: Worker;
let sink: SmtpSink;
let recruiter: TestClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startAppWithWorker({ config: { openai: NO_AI, ...smtpConfig(sink), inboundMailSecret: SECRET } });
  worker = app.worker;
  recruiter = app.client({ ip: '10.26.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

interface Sent { id: number; person: CreatedCandidate; messageId: string; vars: Record<string, string> }

/** Mails a new candidate through the sink; what a bounce of that mail would quote. */
async function mailNewCandidate(): Promise<Sent> {
  const person = await newCandidate(recruiter, { name: `Ghost Bounce ${uniqueTag()}` });
  const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'A new role for you', content: 'Hi {{firstName}},\n\nFancy a chat?' });
  const id = created.json.message.id as number;
  await until(() => recruiter.get(`/api/messages/${id}`), (r) => r.json.status === 'sent');
  const copies = await copiesOf(id);
  expect(copies).toHaveLength(1);
  const messageId = copies[0];
  const [local, domain] = person.email!.split('@');
  return {
    id, person, messageId,
    vars: { MESSAGE_ID: messageId, MESSAGE_ROW_ID: String(id), RECIPIENT: person.email!, SUBJECT: 'A new role for you',
      REPLY_TOKEN: 'f'.repeat(24), LOCAL_PART: local, DOMAIN: domain },
  };
}

/** The Message-ID of every copy of the message the sink accepted. */
async function copiesOf(id: number): Promise<string[]> {
  const parsed = await Promise.all(sink.received.map((r) => simpleParser(r.raw)));
  return parsed.filter((mail) => mail.headers.get('x-talentloop-message') === String(id)).map((mail) => mail.messageId!);
}

function dsn(name: string, vars: Record<string, string>, reportId?: string): string {
  let text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/dsn', name), 'utf8')
    .replace(/%%([A-Z_]+)%%/g, (whole, key: string) => vars[key] ?? whole);
  // Another report of the same kind (a later bounce): its own Message-ID.
  if (reportId) text = text.replace(/^Message-Id:.*$/im, `Message-Id: ${reportId}`);
  return text.replace(/\r?\n/g, '\r\n');
}

async function deliver(raw: string) {
  const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
    method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
  });
  return { status: response.status, json: await response.json() };
}

const bounceEvents = async (messageId: number) => (await app.pools.owner.query(
  `select metadata, campaign_id, candidate_id from public.engagement_events where message_id = $1 and kind = 'bounce' order by id`, [messageId])).rows;

describe('hard bounces', () => {
  it('Gmail 5.1.1: the address is marked bounced and suppressed, consent untouched, shown on the message and the candidate', async () => {
    const sent = await mailNewCandidate();
    const consentBefore = (await recruiter.get(`/api/candidates/${sent.person.id}`)).json.consentHistory;
    const answer = await deliver(dsn('gmail-5.1.1.eml', sent.vars));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      status: 'bounce', messageId: sent.id, candidateId: sent.person.id, outcome: 'suppressed', retry: null,
      bounce: { type: 'hard', status: '5.1.1', recipient: sent.person.email, at: expect.any(String) },
    });
    expect(answer.json.bounce.reason).toMatch(/^Email address bounced \(5\.1\.1 The email account that you tried to reach does not exist/);

    const [event, ...more] = await bounceEvents(sent.id);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({ candidate_id: sent.person.id, metadata: { type: 'hard', status: '5.1.1', recipient: sent.person.email } });
    expect(event.metadata.diagnostic).toMatch(/^550-5\.1\.1 The email account/);

    const message = (await recruiter.get(`/api/messages/${sent.id}`)).json;
    expect(message).toMatchObject({ status: 'sent', bounce: { type: 'hard', status: '5.1.1' } });
    const detail = (await recruiter.get(`/api/candidates/${sent.person.id}`)).json;
    expect(detail.emailBounce).toMatchObject({ type: 'hard', status: '5.1.1', reason: answer.json.bounce.reason });
    expect(detail.messages.find((m: { id: number }) => m.id === sent.id).bounce).toMatchObject({ type: 'hard' });
    // Suppressed, not an opt-out: the candidate's consent and its history stay as they were.
    expect(detail).toMatchObject({ allowsEmail: true, unsubscribedAt: null, contactBlockers: { email: ['suppressed'] } });
    expect(detail.consentHistory).toEqual(consentBefore);

    const again = await recruiter.post(`/api/candidates/${sent.person.id}/messages`, { channel: 'email', subject: 'Still there?', content: 'Hello' });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it('the same report again, or a second hard report of the message, is stored once', async () => {
    const sent = await mailNewCandidate();
    expect((await deliver(dsn('postfix-5.1.1.eml', sent.vars))).json.outcome).toBe('suppressed');
    const repeat = await deliver(dsn('postfix-5.1.1.eml', sent.vars));
    expect(repeat).toMatchObject({ status: 200, json: { status: 'bounce', outcome: 'duplicate', messageId: sent.id, bounce: { status: '5.1.1' } } });
    expect((await deliver(dsn('outlook-5.1.10.eml', sent.vars))).json.outcome).toBe('duplicate');
    await Promise.all([1, 2, 3].map(() => deliver(dsn('postfix-5.1.1.eml', sent.vars))));
    expect(await bounceEvents(sent.id)).toHaveLength(1);
  });

  it('Outlook 5.1.10 matched by X-Talentloop-Message when the Message-ID was rewritten', async () => {
    const sent = await mailNewCandidate();
    const answer = await deliver(dsn('outlook-5.1.10.eml', { ...sent.vars, MESSAGE_ID: `<AM0PR01MB${uniqueTag()}@eurprd01.prod.outlook.com>` }));
    expect(answer.json).toMatchObject({ status: 'bounce', messageId: sent.id, outcome: 'suppressed', bounce: { status: '5.1.10' } });
    expect(answer.json.bounce.reason).toBe('Email address bounced (5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup)');
  });

  it('Gmail\'s notice whose delivery-status part was lost is read from its text', async () => {
    const sent = await mailNewCandidate();
    const gmail = dsn('gmail-5.1.1.eml', sent.vars);
    const cut = `${gmail.slice(0, gmail.indexOf('Content-Type: message/delivery-status'))}--000000000000f2a1c90627a1b4c2--\r\n`;
    const answer = await deliver(cut);
    expect(answer.json).toMatchObject({ status: 'bounce', messageId: sent.id, outcome: 'suppressed', bounce: { type: 'hard', status: '5.1.1' } });
  });

  it('a qmail notice without headers we know is matched by its recipient and the latest mail to them', async () => {
    const sent = await mailNewCandidate();
    const answer = await deliver(dsn('qmail-no-dsn-part.eml', { ...sent.vars, MESSAGE_ID: '<lost@elsewhere.example>', MESSAGE_ROW_ID: 'none' }));
    expect(answer.json).toMatchObject({ status: 'bounce', messageId: sent.id, outcome: 'suppressed', bounce: { type: 'hard', status: '5.1.1' } });
  });
});

describe('soft bounces', () => {
  /** Makes the waiting resend due now: its send_after and its job's start, as time passing would. */
  async function makeDue(id: number) {
    await app.pools.owner.query(`update public.messages set send_after = now() - interval '1 second' where id = $1`, [id]);
    const jobs = await worker.boss.findJobs(QUEUES.mailSend, { data: { messageId: id } });
    const waiting = jobs.filter((job) => job.state === 'created');
    expect(waiting).toHaveLength(1);
    await app.pools.owner.query(`update pgboss.job set start_after = now() where id = $1`, [waiting[0].id]);
  }

  it('Postfix 4.2.2 mailbox full: queued again with send_after and sent later with the same Message-ID, 3 times at most', async () => {
    const sent = await mailNewCandidate();
    for (const retry of [1, 2, 3]) {
      const before = Date.now();
      const answer = await deliver(dsn('postfix-4.2.2-mailbox-full.eml', sent.vars, `<soft-${retry}-${uniqueTag()}@mail.example.net>`));
      expect(answer).toMatchObject({ status: 200, json: { status: 'bounce', outcome: 'retry_scheduled', retry, bounce: { type: 'soft', status: '4.2.2' } } });
      const delay = SOFT_RETRY_DELAYS_MINUTES[retry - 1] * 60_000;
      expect(Date.parse(answer.json.retryAt) - before).toBeGreaterThan(delay - 60_000);
      expect(Date.parse(answer.json.retryAt) - before).toBeLessThan(delay + 60_000);
      const waiting = (await recruiter.get(`/api/messages/${sent.id}`)).json;
      expect(waiting).toMatchObject({ status: 'queued', bounce: { type: 'soft', status: '4.2.2' } });
      expect(waiting.error).toMatch(new RegExp(`^Email bounced for now \\(4\\.2\\.2 .*Mailbox full.*\\); sending again \\(retry ${retry} of 3\\)$`));
      // Our words by their code; the bounce's own reason is a param, as it was said (decision 032).
      expect(waiting).toMatchObject({ errorCode: 'delivery.bounce_retry', errorParams: { retry, retries: 3, reason: answer.json.bounce.reason } });
      const { rows: [row] } = await app.pools.owner.query('select send_after from public.messages where id = $1', [sent.id]);
      expect(row.send_after.toISOString()).toBe(answer.json.retryAt);
      // Nothing goes out before then.
      expect(await copiesOf(sent.id)).toHaveLength(retry);

      await makeDue(sent.id);
      await until(() => recruiter.get(`/api/messages/${sent.id}`), (r) => r.json.status === 'sent');
      const copies = await copiesOf(sent.id);
      expect(copies).toHaveLength(retry + 1);
      expect(new Set(copies)).toEqual(new Set([sent.messageId]));
      expect((await recruiter.get(`/api/messages/${sent.id}`)).json).toMatchObject({ status: 'sent', error: null, errorCode: null, attempts: retry + 1 });
    }
    const last = await deliver(dsn('postfix-4.2.2-mailbox-full.eml', sent.vars, `<soft-4-${uniqueTag()}@mail.example.net>`));
    expect(last.json).toMatchObject({ status: 'bounce', outcome: 'gave_up', retry: null, retryAt: null });
    const failed = (await recruiter.get(`/api/messages/${sent.id}`)).json;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Email bounced for now \(4\.2\.2 .*\); gave up after 3 retries$/);
    expect(failed).toMatchObject({ errorCode: 'delivery.bounce_gave_up', errorParams: { retries: 3 } });
    expect((await bounceEvents(sent.id)).map((e) => e.metadata.type)).toEqual(['soft', 'soft', 'soft', 'soft']);
    // A soft bounce does not suppress the address.
    const detail = (await recruiter.get(`/api/candidates/${sent.person.id}`)).json;
    expect(detail).toMatchObject({ emailBounce: null, contactBlockers: { email: [] } });
  });

  it('a repeated soft report is stored once and does not queue the message twice', async () => {
    const sent = await mailNewCandidate();
    const raw = dsn('postfix-4.2.2-mailbox-full.eml', sent.vars, `<soft-once-${uniqueTag()}@mail.example.net>`);
    expect((await deliver(raw)).json).toMatchObject({ outcome: 'retry_scheduled', retry: 1 });
    expect((await deliver(raw)).json).toMatchObject({ outcome: 'duplicate', retry: null });
    expect(await bounceEvents(sent.id)).toHaveLength(1);
    const jobs = await worker.boss.findJobs(QUEUES.mailSend, { data: { messageId: sent.id } });
    expect(jobs.filter((job) => job.state === 'created')).toHaveLength(1);
  });

  it('a hard bounce while a resend waits fails the resend with the reason', async () => {
    const sent = await mailNewCandidate();
    await deliver(dsn('postfix-4.2.2-mailbox-full.eml', sent.vars));
    const hard = await deliver(dsn('gmail-5.1.1.eml', sent.vars));
    expect(hard.json).toMatchObject({ outcome: 'suppressed' });
    expect((await recruiter.get(`/api/messages/${sent.id}`)).json).toMatchObject({ status: 'failed', error: hard.json.bounce.reason, bounce: { type: 'hard' } });
  });
});

describe('reports we cannot act on', () => {
  const unmatchedCount = async () => Number((await app.pools.owner.query('select count(*) from public.inbound_unmatched')).rows[0].count);
  const inboundCount = async () => Number((await app.pools.owner.query(`select count(*) from public.messages where direction = 'in'`)).rows[0].count);

  it('a bounce for a message we do not know is kept aside (202), once', async () => {
    const vars = { MESSAGE_ID: `<unknown-${uniqueTag()}@elsewhere.example>`, MESSAGE_ROW_ID: '999999999', RECIPIENT: `nobody-${uniqueTag()}@example.net`, SUBJECT: 'Hello' };
    const raw = dsn('postfix-5.1.1.eml', vars, `<unknown-report-${uniqueTag()}@mail.example.net>`);
    const answer = await deliver(raw);
    expect(answer).toMatchObject({ status: 202, json: { status: 'unmatched' } });
    expect(answer.json.reason).toBe(`Bounce (5.1.1) for ${vars.RECIPIENT}: no message of ours matches it`);
    expect(answer.json).toMatchObject({ code: 'unmatched.bounce_unmatched', params: { status: '5.1.1', recipient: vars.RECIPIENT } });
    const count = await unmatchedCount();
    expect((await deliver(raw)).status).toBe(202);
    expect(await unmatchedCount()).toBe(count);
    const kept = (await recruiter.get(`/api/inbound/unmatched/${answer.json.unmatchedId}`)).json;
    expect(kept.raw).toContain('Undelivered Mail Returned to Sender');
  });

  it('a delay warning, a report without its status part and garbage: kept aside, never a reply, never a 5xx', async () => {
    const sent = await mailNewCandidate();
    const replies = await inboundCount();
    const delayed = await deliver(dsn('postfix-delayed-4.4.1.eml', sent.vars));
    expect(delayed).toMatchObject({ status: 202, json: { status: 'unmatched' } });
    expect(delayed.json.reason).toMatch(/^Delivery report \(delayed, 4\.4\.1\) for .*: not a bounce, nothing to do$/);
    expect((await recruiter.get(`/api/messages/${sent.id}`)).json).toMatchObject({ status: 'sent', bounce: null });

    // Threaded to our mail by In-Reply-To, shaped as a report, but with nothing in it that says what failed.
    const unreadable = [`From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>`, `To: recruiting@talentloop.test`,
      `Subject: Delivery Status Notification (Failure)`, `In-Reply-To: ${sent.messageId}`, `Message-ID: <broken-${uniqueTag()}@mx.google.com>`,
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"', '', '--x', 'Content-Type: text/plain', '',
      'Something went wrong.', '--x--', ''].join('\r\n');
    const kept = await deliver(unreadable);
    expect(kept).toMatchObject({ status: 202, json: { status: 'unmatched', reason: 'Bounce without a status we could read' } });

    const garbage = ['From: MAILER-DAEMON@x.example', 'Subject: Undeliverable', 'Content-Type: multipart/report; report-type=delivery-status; boundary="',
      '', '--', 'Content-Type: message/delivery-status', '', 'Action: ???', 'Status: banana', '\u00ff\u00fe', ''].join('\r\n');
    const answer = await deliver(garbage);
    expect(answer.status).toBeLessThan(500);
    expect(await inboundCount()).toBe(replies);
    expect(await bounceEvents(sent.id)).toHaveLength(0);
  });
});
