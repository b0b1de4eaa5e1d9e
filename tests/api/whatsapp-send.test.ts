// Sending on WhatsApp through the worker and the Cloud API adapter, against a
// fake Cloud API on 127.0.0.1: consent and numbers gate the send, the 24-hour
// window decides text or template (GET /api/candidates/{id}/whatsapp tells
// before), the API's errors become plain reasons (131047, 132001, 429 retried),
// a reply goes back on the channel the candidate used, a campaign's first step
// goes by template to those who allow WhatsApp and by email to the rest, and
// without configuration the channel says "WhatsApp not configured".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/runtime/config.server.ts';
import type { Message } from '#domain/messages/schemas.ts';
import type { WhatsAppChannel, WhatsAppState } from '#domain/whatsapp/schemas.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { newCandidate, newPool } from '../support/test-data.ts';
import { until } from '../support/until.ts';
import {
  CLOUD_ERRORS, FAKE_PHONE_NUMBER_ID, inboundText, setEnv, startFakeWhatsApp, webhookPayload, WHATSAPP_OFF, type FakeWhatsApp, postWebhook, whatsappCandidate as newWhatsAppCandidate,
} from '../support/fake-whatsapp.ts';

let app: TestAppWithWorker;
let fake: FakeWhatsApp;
let recruiter: TestClient;
let restoreEnv: () => void;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  restoreEnv = setEnv(fake.env());
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL, mail: { ...loadConfig().mail, retryDelaySeconds: 1, retryLimit: 3 } } });
  recruiter = app.client({ ip: '10.141.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  restoreEnv?.();
  await app?.close();
  await fake?.close();
});

const whatsappCandidate = (fields: Record<string, unknown> = {}) => newWhatsAppCandidate(recruiter, fields);

/** The candidate writes to us on WhatsApp: the 24-hour window opens. */
async function candidateWrites(waId: string, body = 'Hoi, ik heb interesse') {
  const response = await postWebhook(app, JSON.stringify(webhookPayload({ messages: [inboundText(waId, body)] })));
  expect(response.status).toBe(200);
}

const channelOf = async (id: number) => (await recruiter.get(`/api/candidates/${id}/whatsapp`)).json as WhatsAppChannel;
const settled = (id: number) => until(() => recruiter.get(`/api/messages/${id}`), (r) => ['sent', 'failed'].includes(r.json.status))
  .then((r) => r.json as Message);
const sendsTo = (waId: string) => fake.calls.filter((call) => call.method === 'POST' && call.body?.to === waId);

describe('before sending: GET /api/candidates/{id}/whatsapp', () => {
  it('says a template is needed outside the window, text inside it, with the number in E.164', async () => {
    const person = await whatsappCandidate();
    const before = await channelOf(person.id);
    expect(before).toMatchObject({ configured: true, allowed: true, number: person.e164, blockers: [], mode: 'template',
      window: { open: false, closesAt: null, lastInboundAt: null } });
    expect(before.reason).toMatch(/24-hour window/);
    expect(before.templates).toContainEqual({ name: 'talentloop_intro', language: 'nl', parameters: 1, body: null, status: null });
    await candidateWrites(person.waId);
    const after = await channelOf(person.id);
    expect(after).toMatchObject({ allowed: true, mode: 'text', reason: null, window: { open: true } });
    const closes = Date.parse(after.window.closesAt!) - Date.parse(after.window.lastInboundAt!);
    expect(closes).toBe(24 * 3600 * 1000);
  });

  it('names what blocks: no consent, no number (the spec\'s rules)', async () => {
    const noConsent = await whatsappCandidate({ allowsWhatsapp: false });
    expect(await channelOf(noConsent.id)).toMatchObject({ allowed: false, mode: null, blockers: ['no_whatsapp_consent'], reason: 'Candidate has not consented to WhatsApp' });
    const noNumber = await newCandidate(recruiter, { allowsWhatsapp: true });
    expect(await channelOf(noNumber.id)).toMatchObject({ allowed: false, number: null, blockers: ['no_whatsapp_number'], reason: 'No WhatsApp number or phone on file' });
    const garbled = await newCandidate(recruiter, { allowsWhatsapp: true, whatsappNumber: '123456' });
    expect(await channelOf(garbled.id)).toMatchObject({ allowed: false, number: null, blockers: [] });
    expect((await recruiter.get('/api/candidates/999999999/whatsapp')).status).toBe(404);
  });
});

describe('sending', () => {
  it('refuses without consent or a number, as the spec\'s rules say', async () => {
    const noConsent = await whatsappCandidate({ allowsWhatsapp: false });
    const refused = await recruiter.post(`/api/candidates/${noConsent.id}/messages`, { channel: 'whatsapp', content: 'Hoi' });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ field: 'channel', error: 'Candidate has not consented to WhatsApp', code: 'blockers.no_whatsapp_consent' });
    const noNumber = await newCandidate(recruiter, { allowsWhatsapp: true });
    const none = await recruiter.post(`/api/candidates/${noNumber.id}/messages`, { channel: 'whatsapp', content: 'Hoi' });
    expect(none.status).toBe(422);
    expect(none.json).toEqual({ field: 'channel', error: 'No WhatsApp number or phone on file', code: 'blockers.no_whatsapp_number' });
  });

  it('sends a text inside the window to the E.164 number and records the wamid', async () => {
    const person = await whatsappCandidate();
    await candidateWrites(person.waId);
    const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Hoi {{firstName}}, zullen we morgen bellen?' });
    expect(created.status).toBe(201);
    const message = await settled(created.json.message.id);
    expect(message).toMatchObject({ status: 'sent', channel: 'whatsapp', subject: null, error: null });
    const [call] = sendsTo(person.waId);
    expect(call).toMatchObject({ path: `/v23.0/${FAKE_PHONE_NUMBER_ID}/messages`, authorization: 'Bearer fake-whatsapp-token' });
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', type: 'text', text: { body: 'Hoi Test, zullen we morgen bellen?' } });
    const { rows } = await app.pools.owner.query('select provider_message_id from public.messages where id = $1', [message.id]);
    expect(rows[0].provider_message_id).toMatch(/^wamid\./);
  });

  it('outside the window refuses a text and sends an approved template with its parameters', async () => {
    const person = await whatsappCandidate();
    const text = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Hoi!' });
    expect(text.status).toBe(422);
    expect(text.json.field).toBe('whatsappTemplate');
    const unknown = await recruiter.post(`/api/candidates/${person.id}/messages`,
      { channel: 'whatsapp', whatsappTemplate: { name: 'not_approved', language: 'nl', parameters: [] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.field).toBe('whatsappTemplate.name');
    const wrongCount = await recruiter.post(`/api/candidates/${person.id}/messages`,
      { channel: 'whatsapp', whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: [] } });
    expect(wrongCount.json).toMatchObject({ field: 'whatsappTemplate.parameters' });
    const created = await recruiter.post(`/api/candidates/${person.id}/messages`,
      { channel: 'whatsapp', whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: ['{{firstName}}'] } });
    expect(created.status).toBe(201);
    const message = await settled(created.json.message.id);
    expect(message).toMatchObject({ status: 'sent', content: '[WhatsApp template talentloop_intro (nl)]: Test',
      whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: ['Test'] } });
    expect(sendsTo(person.waId)[0].body).toMatchObject({
      type: 'template', template: { name: 'talentloop_intro', language: { code: 'nl' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Test' }] }] },
    });
    // The thread list names the template of its last message too (the list shows the text the candidate read).
    const threads = await recruiter.get(`/api/messages?candidateId=${person.id}`);
    expect(threads.status, threads.text).toBe(200);
    expect(threads.json.threads[0].lastMessage).toMatchObject({
      id: message.id, channel: 'whatsapp', whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: ['Test'] },
    });
  });

  it("fails with a plain reason when WhatsApp says the window has closed (131047) or the template does not exist (132001)", async () => {
    const person = await whatsappCandidate();
    await candidateWrites(person.waId);
    fake.fail(CLOUD_ERRORS.reEngagement);
    const text = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Nog even dit' });
    const failed = await settled(text.json.message.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Outside WhatsApp's 24-hour window: the candidate can only be re-engaged with an approved template \(131047\)/);
    // Our reason by its code; Meta's code and words its tail, shown as they are (decision 032).
    expect(failed.errorCode).toBe('delivery.whatsapp_outside_window');
    expect(failed.errorParams?.tail).toMatch(/^ \(131047\)/);
    fake.fail(CLOUD_ERRORS.templateMissing);
    const template = await recruiter.post(`/api/candidates/${person.id}/messages`,
      { channel: 'whatsapp', whatsappTemplate: { name: 'talentloop_ping', language: 'en' } });
    expect(template.status).toBe(201);
    expect((await settled(template.json.message.id)).error).toMatch(/^The WhatsApp template does not exist in this language or is not approved \(132001\)/);
  });

  it('retries after a rate limit (429 / 130429), like a temporary mail failure, and then sends', async () => {
    const person = await whatsappCandidate();
    await candidateWrites(person.waId);
    fake.fail(CLOUD_ERRORS.rateLimit);
    const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Goedemorgen' });
    const message = await settled(created.json.message.id);
    expect(message).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sendsTo(person.waId)).toHaveLength(2);
  });

  it('a reply goes back on the channel the candidate used, when allowed; email otherwise', async () => {
    const person = await whatsappCandidate();
    await candidateWrites(person.waId, 'Wanneer kan ik langskomen?');
    const { rows: [inbound] } = await app.pools.owner.query("select id from public.messages where candidate_id = $1 and direction = 'in'", [person.id]);
    const answered = await recruiter.post(`/api/candidates/${person.id}/messages`, { originalMessageId: inbound.id, content: 'Dinsdag om tien uur?' });
    expect(answered.status).toBe(201);
    expect(answered.json.message).toMatchObject({ channel: 'whatsapp', subject: null, threadId: inbound.id });
    expect((await settled(answered.json.message.id)).status).toBe('sent');
    // Asked for email explicitly: email.
    const byMail = await recruiter.post(`/api/candidates/${person.id}/messages`, { originalMessageId: inbound.id, channel: 'email', content: 'Of per mail' });
    expect(byMail.json.message.channel).toBe('email');
    // A WhatsApp message has no subject: the mail is titled by what the candidate wrote.
    expect(byMail.json.message.subject).toBe('Re: Wanneer kan ik langskomen?');
    // An email reply's thread stays email.
    const mail = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'Vraag', content: 'Hoi' });
    const reply = await recruiter.post(`/api/candidates/${person.id}/messages`, { originalMessageId: mail.json.message.id, content: 'Nog iets' });
    expect(reply.json.message.channel).toBe('email');
  });

  it("a campaign's first step goes by WhatsApp template to those who allow it and by email to the rest", async () => {
    const onWhatsApp = await whatsappCandidate();
    const emailOnly = await newCandidate(recruiter);
    const noWhatsAppConsent = await whatsappCandidate({ allowsWhatsapp: false });
    const pool = await newPool(recruiter, [onWhatsApp.id, emailOnly.id, noWhatsAppConsent.id]);
    // The Launch step's count says what dispatch then does: one by template, two by email.
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach?whatsapp=true`)).json).toEqual({ eligible: 3, byWhatsApp: 1, skipped: [] });
    const created = await recruiter.post('/api/campaigns', {
      name: 'WhatsApp nurture', campaignType: 'nurture', talentPoolId: pool.id, language: 'dutch',
      emailSubject: 'Hoi {{firstName}}', emailContent: 'Hoi {{firstName}}, hoe gaat het?',
      whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: ['{{firstName}}'] },
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.json.campaign.whatsappTemplate).toEqual({ name: 'talentloop_intro', language: 'nl', parameters: ['{{firstName}}'] });
    const id = created.json.campaign.id;
    const messages = await until(async () => (await app.pools.owner.query(
      'select candidate_id, channel, status from public.messages where campaign_id = $1 order by candidate_id', [id])).rows,
    (rows) => rows.length === 3 && rows.every((row) => row.status === 'sent'));
    expect(Object.fromEntries(messages.map((m) => [m.candidate_id, m.channel]))).toEqual({
      [onWhatsApp.id]: 'whatsapp', [emailOnly.id]: 'email', [noWhatsAppConsent.id]: 'email',
    });
    expect(sendsTo(onWhatsApp.waId)[0].body).toMatchObject({ type: 'template', template: { name: 'talentloop_intro' } });
    const unknown = await recruiter.post('/api/campaigns', {
      name: 'X', campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'S', emailContent: 'C',
      whatsappTemplate: { name: 'talentloop_intro', language: 'en', parameters: [] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.field).toBe('whatsappTemplate.parameters');
  });

  it('a campaign set for later counts who it could reach now by WhatsApp template too', async () => {
    const whatsappOnly = await whatsappCandidate({ email: null });
    const unreachable = await newCandidate(recruiter, { email: null });
    const pool = await newPool(recruiter, [whatsappOnly.id, unreachable.id]);
    const created = await recruiter.post('/api/campaigns', {
      name: 'Later by WhatsApp', campaignType: 'nurture', talentPoolId: pool.id, language: 'dutch',
      emailSubject: 'Hoi {{firstName}}', emailContent: 'Hoi {{firstName}}, hoe gaat het?',
      whatsappTemplate: { name: 'talentloop_intro', language: 'nl', parameters: ['{{firstName}}'] },
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const detail = await recruiter.get(`/api/campaigns/${created.json.campaign.id}`);
    expect(detail.json.progress.eligibleNow).toBe(1);
  });
});

describe('without configuration', () => {
  it('says "WhatsApp not configured", and a message fails with that reason without any call', async () => {
    const person = await whatsappCandidate();
    const calls = fake.calls.length;
    const restore = setEnv(WHATSAPP_OFF);
    try {
      expect(await channelOf(person.id)).toMatchObject({ configured: false, allowed: false, reason: 'WhatsApp not configured', templates: [] });
      const state = (await recruiter.get('/api/whatsapp')).json as WhatsAppState;
      expect(state).toMatchObject({ configured: false, mode: 'WhatsApp not configured', templates: [] });
      const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'whatsapp', content: 'Hoi' });
      expect(created.status).toBe(201);
      const message = await settled(created.json.message.id);
      expect(message).toMatchObject({ status: 'failed', error: 'WhatsApp not configured', errorCode: 'whatsapp_not_configured' });
      expect(fake.calls.length).toBe(calls);
    } finally {
      restore();
    }
  });
});
