// The organisation's settings in outgoing mail (issue 12, "Drafts that use the recruiter's words"),
// on the real database with the worker sending into an SMTP sink: {{signature}} and {{company}} in a
// campaign are filled when its mails are written; the From is the organisation's default sender when
// one is set (read at each claim, so a change needs no restart) and the configured one when not; a
// message sent again (its record lost, as after a crash) keeps its Message-ID whatever the From; a
// campaign that names no language gets the organisation's default unless its text is clearly English.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { smtpConfig, startSmtpSink, type Received, type SmtpSink } from '../support/smtp-sink.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { Worker } from '#worker/index.ts';

let sink: SmtpSink;
let app: TestAppWithWorker;
let worker: Worker;
let recruiter: TestClient;
let admin: TestClient;

/** smtpConfig's MAIL_FROM. */
const CONFIGURED_FROM = { name: 'Talentloop Recruiting', address: 'recruiting@talentloop.test' };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startAppWithWorker({ config: { openai: NO_AI, ...smtpConfig(sink) } });
  worker = app.worker;
  recruiter = app.client({ ip: '10.126.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.126.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

/** Each test starts from a new organisation's settings (through the admin's API). */
beforeEach(async () => {
  const reset = await admin.send('PUT', '/api/settings/organisation', {
    body: { companyName: null, senderName: null, senderEmail: null, signature: null, defaultLanguage: null },
  });
  expect(reset.status).toBe(200);
});

async function organisation(body: Record<string, unknown>) {
  const saved = await admin.send('PUT', '/api/settings/organisation', { body });
  expect(saved.status).toBe(200);
}

/** A pool of `size` people who can be emailed, and their addresses. */
async function pool(size: number) {
  const people = await Promise.all(Array.from({ length: size }, () => newCandidate(recruiter, { name: `Sam Sender ${uniqueTag()}` })));
  return { ...(await newPool(recruiter, people.map((p) => p.id))), emails: people.map((p) => p.email!) };
}

function campaign(talentPoolId: number, fields: Record<string, unknown>) {
  return recruiter.post('/api/campaigns', {
    name: `Sender ${uniqueTag()}`, campaignType: 'nurture', talentPoolId, scheduledAt: new Date(Date.now() - 1000).toISOString(),
    emailSubject: 'News from {{company}}', emailContent: 'Hi {{firstName}},\n\nA short update.\n\n{{signature}}',
    messageTemplate: 'Hi {{firstName}},\n\nA short update.\n\n{{signature}}', ...fields,
  });
}

/** The mails the sink accepted for these addresses, parsed. */
async function mailsTo(emails: string[], count = emails.length) {
  await until(() => Promise.resolve(sink.received.filter((r) => r.to.some((to) => emails.includes(to)))), (found) => found.length >= count);
  const received = sink.received.filter((r: Received) => r.to.some((to) => emails.includes(to)));
  return Promise.all(received.map(async (r) => ({ envelopeFrom: r.from, mail: await simpleParser(r.raw) })));
}

const messageOf = async (campaignId: number) => (await app.pools.owner.query<{ id: number; attempts: number; provider_message_id: string }>(
  'select id, attempts, provider_message_id from public.messages where campaign_id = $1', [campaignId])).rows;

describe('the organisation\'s settings in outgoing mail', () => {
  it('a campaign\'s {{signature}} and {{company}} arrive filled: the creator\'s block as the drafter writes it, the company name', async () => {
    await organisation({ companyName: 'Acme Talent', signature: 'Acme Talent · Herengracht 1, Amsterdam' });
    const profile = await recruiter.send('PUT', '/api/settings/profile', { body: { title: 'Talent Partner', signature: null } });
    expect(profile.status).toBe(200);
    const { displayName } = profile.json as { displayName: string };
    const { id: poolId, emails } = await pool(2);

    const created = await campaign(poolId, {});
    expect(created.status).toBe(201);
    const mails = await mailsTo(emails);
    expect(mails).toHaveLength(2);
    for (const { mail } of mails) {
      expect(mail.subject).toBe('News from Acme Talent');
      expect(mail.text).toContain(`A short update.\n\n${displayName}\nTalent Partner\nAcme Talent · Herengracht 1, Amsterdam`);
      expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/\{\{/);
    }
  });

  it('a message to one candidate fills {{signature}} and {{company}} the same way; without a company name {{company}} is refused', async () => {
    const person = await newCandidate(recruiter, { name: `Sam Single ${uniqueTag()}` });
    const body = { subject: 'Hello from {{company}}', content: 'Hi {{firstName}},\n\nA role for you.\n\n{{signature}}', channel: 'email' };
    const refused = await recruiter.post(`/api/candidates/${person.id}/messages`, body);
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: 'Replace {{company}} in the subject before sending', code: 'placeholders_left', params: { placeholders: '{{company}}', field: 'subject' }, field: 'subject' });

    await organisation({ companyName: 'Acme Talent', signature: 'Acme Talent · Herengracht 1, Amsterdam' });
    const profile = await recruiter.send('PUT', '/api/settings/profile', { body: { signature: 'Sam\nSenior Recruiter' } });
    expect(profile.status).toBe(200);
    const sent = await recruiter.post(`/api/candidates/${person.id}/messages`, body);
    expect(sent.status).toBe(201);
    expect(sent.json.message).toMatchObject({ subject: 'Hello from Acme Talent' });
    const [{ mail }] = await mailsTo([person.email!]);
    expect(mail.subject).toBe('Hello from Acme Talent');
    expect(mail.text).toContain(`A role for you.\n\n${(profile.json as { displayName: string }).displayName}\nSam\nSenior Recruiter\nAcme Talent · Herengracht 1, Amsterdam`);
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/\{\{/);
  });

  it('{{company}} is the recruiter\'s to fill while the organisation has no company name; {{signature}} never is', async () => {
    const { id: poolId } = await pool(1);
    const refused = await campaign(poolId, {});
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ field: 'emailSubject', error: expect.stringContaining('{{company}}') });
    expect(refused.json.error).not.toContain('{{signature}}');
    expect((await campaign(poolId, { emailSubject: 'A short update' })).status).toBe(201);
  });

  it('From: the configured sender without settings; the organisation\'s name, then name and address, once set, without a restart', async () => {
    const sendTo = async () => {
      const { id: poolId, emails } = await pool(1);
      const created = await campaign(poolId, { emailSubject: 'An update' });
      expect(created.status).toBe(201);
      const [{ envelopeFrom, mail }] = await mailsTo(emails);
      return { envelopeFrom, from: mail.from!.value[0], messageId: mail.messageId! };
    };

    const configured = await sendTo();
    expect(configured.from).toEqual(CONFIGURED_FROM);

    await organisation({ senderName: 'Acme Recruiting' });
    const named = await sendTo();
    expect(named.from).toEqual({ name: 'Acme Recruiting', address: CONFIGURED_FROM.address });

    await organisation({ senderEmail: 'Jobs@Acme.example' });
    const own = await sendTo();
    expect(own.from).toEqual({ name: 'Acme Recruiting', address: 'jobs@acme.example' });
    expect(own.envelopeFrom).toBe('jobs@acme.example');
    // The Message-ID stays on the configured sender's domain (it must not change between attempts).
    for (const sent of [configured, named, own]) expect(sent.messageId).toMatch(/^<talentloop\.\d+\.[^@]+@talentloop\.test>$/);
  });

  it('a message sent again (its record lost, as after a crash) keeps its Message-ID although the sender changed in between', async () => {
    await organisation({ senderName: 'Acme Recruiting', senderEmail: 'jobs@acme.example' });
    const { id: poolId, emails } = await pool(1);
    const created = await campaign(poolId, { emailSubject: 'An update' });
    const [first] = await mailsTo(emails);
    const [message] = await until(() => messageOf(created.json.campaign.id), ([m]) => Boolean(m?.provider_message_id));

    // The record of the send is lost and the message goes back to the queue, as the sweep does with a dead worker's claim.
    await organisation({ senderName: null, senderEmail: null });
    await app.pools.owner.query(`update public.messages set status = 'queued', sent_at = null where id = $1`, [message.id]);
    await worker.jobs.send(QUEUES.mailSend, [mailJob(message.id, message.attempts, 'lost-record')]);
    const [, second] = await mailsTo(emails, 2);

    expect(first.mail.from!.value[0]).toEqual({ name: 'Acme Recruiting', address: 'jobs@acme.example' });
    expect(second.mail.from!.value[0]).toEqual(CONFIGURED_FROM);
    expect(second.mail.messageId).toBe(first.mail.messageId);
    const [again] = await until(() => messageOf(created.json.campaign.id), ([m]) => m.attempts === message.attempts + 1);
    expect(again.provider_message_id).toBe(first.mail.messageId);
  });
});

describe('a campaign that names no language', () => {
  const languageOf = async (fields: Record<string, unknown>) => {
    const { id: poolId } = await pool(1);
    const created = await campaign(poolId, { emailSubject: 'Update', scheduledAt: new Date(Date.now() + 86_400_000).toISOString(), ...fields });
    expect(created.status).toBe(201);
    return created.json.campaign.language as string;
  };

  it('gets the organisation\'s default unless the text is clearly in one language; a language given wins', async () => {
    await organisation({ defaultLanguage: 'dutch' });
    // Too short to tell (and English-leaning words like "Hi"): the organisation's Dutch.
    expect(await languageOf({ emailContent: 'Hi {{firstName}},\n\n{{signature}}', messageTemplate: 'Hi {{firstName}}' })).toBe('dutch');
    const english = 'Hi {{firstName}},\n\nI hope you are well. We have a new role that will fit your skills, and I would like to tell you about it.';
    expect(await languageOf({ emailContent: english, messageTemplate: english })).toBe('english');
    expect(await languageOf({ emailContent: 'Hi {{firstName}}', messageTemplate: 'Hi {{firstName}}', language: 'english' })).toBe('english');

    await organisation({ defaultLanguage: 'english' });
    const dutch = 'Hoi {{firstName}},\n\nIk hoop dat het goed met je gaat. We hebben een nieuwe rol voor je en ik wil je er graag over vertellen.';
    expect(await languageOf({ emailContent: dutch, messageTemplate: dutch })).toBe('dutch');
    expect(await languageOf({ emailContent: 'Hoi {{firstName}}', messageTemplate: 'Hoi {{firstName}}' })).toBe('english');

    // No default chosen: the wizard's own (spec: Dutch).
    await organisation({ defaultLanguage: null });
    expect(await languageOf({ emailContent: 'Hi {{firstName}}', messageTemplate: 'Hi {{firstName}}' })).toBe('dutch');
  });

  it('its mails carry the footer of the campaign\'s language, not a guess from a text too short to tell', async () => {
    await organisation({ defaultLanguage: 'dutch' });
    const { id: poolId, emails } = await pool(1);
    const created = await campaign(poolId, { emailSubject: 'Update', emailContent: 'Hi {{firstName}}', messageTemplate: 'Hi {{firstName}}' });
    expect(created.json.campaign.language).toBe('dutch');
    const [{ mail }] = await mailsTo(emails);
    expect(mail.text).toContain('Je ontvangt deze e-mail omdat je deel uitmaakt van ons talentnetwerk.');
    expect(mail.text).not.toContain('You receive this email');
  });
});
