// The messaging routes answer what they document (issue 9): each endpoint of
// routes/messages.ts, ai.ts, campaigns.ts and outbox.ts is called on the real
// API and database, with data the test makes through the API, and its real
// answer is parsed with the schema its doc() names, found through
// documentedRoutes(). The harness also checks every answer
// (CHECK_API_RESPONSES); this file proves each endpoint is reached on its
// success path with answers that exercise its schema (nullable fields set,
// lists not empty), so none goes unchecked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { aiSuggestionListSchema, aiTemplateListSchema, generationSchema } from '#domain/ai/schemas.ts';
import {
  campaignControlSchema, campaignDetailSchema, campaignListSchema, campaignRecipientListSchema, createdCampaignSchema, removedRecipientSchema,
} from '#domain/campaigns/schemas.ts';
import { outboxEmailSchema, outboxListSchema } from '#domain/mail/outbox-schemas.ts';
import { outboxReplyResultSchema } from '#domain/messages/inbound-email-schemas.ts';
import {
  campaignGroupListSchema, messageSchema, sentMessageSchema, threadDoneSchema, threadListSchema, threadReadSchema, threadSchema,
} from '#domain/messages/schemas.ts';
import { Contract, type RealAnswer } from '../support/contract.ts';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { CONSENT, newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { until } from '../support/until.ts';

let app: TestAppWithWorker;
let recruiter: TestClient;
let contract: Contract;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.78.0.1' });
  await signInRecruiter(recruiter);
  contract = new Contract(app.api);
});
afterAll(async () => {
  await app?.close();
});

/** The endpoints of routes/messages.ts, ai.ts, campaigns.ts and outbox.ts. */
const ENDPOINTS = [
  'POST /api/candidates/:id/messages',
  'GET /api/messages',
  'GET /api/messages/:id',
  'GET /api/messages/:id/thread',
  'POST /api/messages/:id/read',
  'GET /api/messages/campaign-groups',
  'POST /api/messages/:id/done',
  'GET /api/ai-templates',
  'GET /api/ai-templates/suggestions/:campaignType',
  'POST /api/ai-content/generate',
  'GET /api/campaigns',
  'GET /api/campaigns/:id',
  'POST /api/campaigns',
  'GET /api/campaigns/:id/recipients',
  'POST /api/campaigns/:id/pause',
  'POST /api/campaigns/:id/resume',
  'POST /api/campaigns/:id/cancel',
  'POST /api/campaigns/:id/recipients/:candidateId/remove',
  'GET /api/outbox',
  'GET /api/outbox/:id',
  'POST /api/outbox/:id/reply',
] as const;
type Endpoint = typeof ENDPOINTS[number];

/** The answer parsed with the schema `endpoint` documents (which must be `schema`), after checking the documented status. */
function documented<S extends z.ZodType>(endpoint: Endpoint, schema: S, response: RealAnswer): z.output<S> {
  return contract.answer(endpoint, response, { schema });
}

/** A candidate who can be emailed, with a first name for {{firstName}}. */
const recipient = (fields: Record<string, unknown> = {}) => newCandidate(recruiter, { name: `Noor Contract ${uniqueTag()}`, ...fields });

/** Sends a message to a new candidate and waits until the worker has put it in the dev outbox. */
async function deliveredMessage() {
  const candidate = await recipient();
  const created = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: 'Coffee next week?', content: 'Hi {{firstName}}, coffee?', channel: 'email' });
  expect(created.status, created.text).toBe(201);
  const messageId: number = created.json.message.id;
  await until(() => recruiter.get(`/api/messages/${messageId}`), (r) => r.json.status === 'sent');
  const outbox = await recruiter.get('/api/outbox');
  const email = outbox.json.emails.find((e: { messageId: number }) => e.messageId === messageId);
  return { candidate, messageId, outboxId: email.id as number };
}

/** A delivered message the candidate answered through the dev outbox: a thread with an unread reply. */
async function answeredThread() {
  const sent = await deliveredMessage();
  const answered = await recruiter.post(`/api/outbox/${sent.outboxId}/reply`, { content: 'Yes, Tuesday works for me!' });
  expect(answered.status, answered.text).toBe(201);
  return { ...sent, replyId: answered.json.messageId as number };
}

describe('the documented routes of messages, AI, campaigns and the outbox', () => {
  it('are exactly the endpoints this file calls', () => {
    const ours = contract.endpoints()
      .filter((key) => /^\w+ \/api\/(messages|ai-templates|ai-content|campaigns|outbox)(\/|$)/.test(key) || key === 'POST /api/candidates/:id/messages');
    expect([...ours].sort()).toEqual([...ENDPOINTS].sort());
  });
});

describe('messages', () => {
  it('POST /api/candidates/:id/messages', async () => {
    const candidate = await recipient();
    const { message } = documented('POST /api/candidates/:id/messages', sentMessageSchema,
      await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: 'A role for you', content: 'Hi {{firstName}}!', channel: 'email' }));
    expect(message).toMatchObject({ direction: 'out', status: 'queued', candidate: { id: candidate.id }, threadId: message.id, sentAt: null });

    const reply = documented('POST /api/candidates/:id/messages', sentMessageSchema,
      await recruiter.post(`/api/candidates/${candidate.id}/messages`, { content: 'Following up.', channel: 'email', originalMessageId: message.id }));
    expect(reply.message).toMatchObject({ subject: 'Re: A role for you', threadId: message.id, originalMessageId: message.id });
  });

  it('GET /api/messages', async () => {
    const { candidate } = await answeredThread();
    const { threads } = documented('GET /api/messages', threadListSchema, await recruiter.get(`/api/messages?candidateId=${candidate.id}`));
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ candidate: { id: candidate.id }, unreadCount: 1, sentiment: 'positive', lastMessage: { direction: 'in' } });
  });

  it('GET /api/messages/:id', async () => {
    const { replyId, messageId } = await answeredThread();
    const message = documented('GET /api/messages/:id', messageSchema, await recruiter.get(`/api/messages/${replyId}`));
    expect(message).toMatchObject({ id: replyId, direction: 'in', status: 'received', threadId: messageId, readAt: null, autoReply: false });
    const sent = documented('GET /api/messages/:id', messageSchema, await recruiter.get(`/api/messages/${messageId}`));
    expect(sent.sentAt).toEqual(expect.any(String));
  });

  it('GET /api/messages/:id/thread', async () => {
    const { messageId, replyId } = await answeredThread();
    const thread = documented('GET /api/messages/:id/thread', threadSchema, await recruiter.get(`/api/messages/${replyId}/thread`));
    expect(thread).toMatchObject({ threadId: messageId, unreadCount: 1 });
    expect(thread.messages.map((m) => m.id)).toEqual([messageId, replyId]);
  });

  it('POST /api/messages/:id/read', async () => {
    const { messageId, replyId } = await answeredThread();
    const read = documented('POST /api/messages/:id/read', threadReadSchema, await recruiter.post(`/api/messages/${replyId}/read`));
    expect(read).toEqual({ success: true, threadId: messageId, unreadCount: 0 });
    const message = documented('GET /api/messages/:id', messageSchema, await recruiter.get(`/api/messages/${replyId}`));
    expect(message.readAt).toEqual(expect.any(String));
  });

  it('POST /api/messages/:id/done', async () => {
    const { messageId, candidate } = await answeredThread();
    const done = documented('POST /api/messages/:id/done', threadDoneSchema, await recruiter.post(`/api/messages/${messageId}/done`));
    expect(done).toEqual({ success: true, threadId: messageId });
    const { threads } = documented('GET /api/messages', threadListSchema, await recruiter.get(`/api/messages?candidateId=${candidate.id}`));
    expect(threads[0]).toMatchObject({ threadId: messageId, needsReply: false });
  });
});

describe('AI drafting', () => {
  it('GET /api/ai-templates', async () => {
    const templates = documented('GET /api/ai-templates', aiTemplateListSchema, await recruiter.get('/api/ai-templates'));
    expect(templates.length).toBeGreaterThan(0);
  });

  it('GET /api/ai-templates/suggestions/:campaignType', async () => {
    const { suggestions } = documented('GET /api/ai-templates/suggestions/:campaignType', aiSuggestionListSchema,
      await recruiter.get('/api/ai-templates/suggestions/nurture'));
    expect(suggestions.length).toBeGreaterThan(0);
  });

  it('POST /api/ai-content/generate', async () => {
    const [template] = (await recruiter.get('/api/ai-templates')).json as Array<{ templateId: string }>;
    const candidate = await recipient({ jobFunction: 'Data Engineer', location: 'Utrecht' });
    const draft = documented('POST /api/ai-content/generate', generationSchema, await recruiter.post('/api/ai-content/generate', {
      templateId: template.templateId, prompt: 'Check in', language: 'dutch', candidateData: { id: candidate.id }, channel: 'email',
    }));
    expect(draft.metadata).toMatchObject({ templateId: template.templateId, source: 'template', language: 'dutch' });
  });
});

describe('campaigns', () => {
  /** A pool with someone who can be emailed and someone who cannot (a skip reason). */
  async function mixedPool() {
    const reachable = await recipient();
    const unreachable = await recipient(CONSENT.noEmailConsent);
    return newPool(recruiter, [reachable.id, unreachable.id]);
  }
  const campaign = (talentPoolId: number, scheduledAt = new Date().toISOString()) => ({
    name: `Contract campaign ${uniqueTag()}`, campaignType: 'nurture', talentPoolId, language: 'english',
    emailSubject: 'How are things, {{firstName}}?', emailContent: 'Hi {{firstName}},\n\nHow are things?', scheduledAt,
  });

  it('POST /api/campaigns', async () => {
    const pool = await mixedPool();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const created = documented('POST /api/campaigns', createdCampaignSchema, await recruiter.post('/api/campaigns', campaign(pool.id, later)));
    expect(created.campaign).toMatchObject({ status: 'scheduled', talentPoolId: pool.id, talentPoolName: pool.name, startedAt: null });
    expect(created.campaign.progress).toMatchObject({ recipients: 0, eligibleNow: 1, percent: 0 });
  });

  it('GET /api/campaigns/:id', async () => {
    const pool = await mixedPool();
    const { id } = (await recruiter.post('/api/campaigns', campaign(pool.id))).json.campaign;
    const done = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    const detail = documented('GET /api/campaigns/:id', campaignDetailSchema, done);
    expect(detail).toMatchObject({ recipients: 2, sent: 1, skipped: 1, completedAt: expect.any(String) });
    expect(detail.progress.skipReasons).toEqual([{ reason: 'Candidate has not consented to email', code: 'blockers.no_consent', count: 1 }]);
  });

  it('GET /api/messages/campaign-groups', async () => {
    const pool = await mixedPool();
    const { id } = (await recruiter.post('/api/campaigns', campaign(pool.id))).json.campaign;
    await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    const { groups } = documented('GET /api/messages/campaign-groups', campaignGroupListSchema, await recruiter.get('/api/messages/campaign-groups'));
    expect(groups.find((g) => g.campaignId === id)).toMatchObject({ unanswered: 1, lastSentAt: expect.any(String) });
  });

  it('GET /api/campaigns', async () => {
    const pool = await mixedPool();
    const { id } = (await recruiter.post('/api/campaigns', campaign(pool.id))).json.campaign;
    const { campaigns } = documented('GET /api/campaigns', campaignListSchema, await recruiter.get('/api/campaigns'));
    expect(campaigns.find((c) => c.id === id)).toMatchObject({ talentPoolId: pool.id, campaignType: 'nurture' });
  });

  it('GET /api/campaigns/:id/recipients', async () => {
    const pool = await mixedPool();
    const { id } = (await recruiter.post('/api/campaigns', campaign(pool.id))).json.campaign;
    await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    const page = documented('GET /api/campaigns/:id/recipients', campaignRecipientListSchema, await recruiter.get(`/api/campaigns/${id}/recipients`));
    expect(page.nextCursor).toBeNull();
    expect(page.recipients.map((r) => [r.status, r.skipReason, r.sentAt === null]).sort()).toEqual([
      ['sent', null, false], ['skipped', 'Candidate has not consented to email', true],
    ]);
  });

  it('POST /api/campaigns/:id/pause, /resume and /cancel', async () => {
    const pool = await mixedPool();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const { id } = (await recruiter.post('/api/campaigns', campaign(pool.id, later))).json.campaign;
    const paused = documented('POST /api/campaigns/:id/pause', campaignControlSchema, await recruiter.post(`/api/campaigns/${id}/pause`));
    expect(paused.campaign).toMatchObject({ id, status: 'paused' });
    const resumed = documented('POST /api/campaigns/:id/resume', campaignControlSchema, await recruiter.post(`/api/campaigns/${id}/resume`));
    expect(resumed.campaign).toMatchObject({ id, status: 'scheduled' });
    const cancelled = documented('POST /api/campaigns/:id/cancel', campaignControlSchema, await recruiter.post(`/api/campaigns/${id}/cancel`));
    expect(cancelled.campaign).toMatchObject({ id, status: 'cancelled', completedAt: expect.any(String) });
  });
});

describe('campaign sequences', () => {
  it('POST /api/campaigns/:id/recipients/:candidateId/remove', async () => {
    const candidate = await recipient();
    const pool = await newPool(recruiter, [candidate.id]);
    const created = await recruiter.post('/api/campaigns', {
      name: `Contract sequence ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'Hi {{firstName}}',
      emailContent: 'Hello', steps: [{ delayDays: 3, content: 'Any news?' }],
      sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json.campaign;
    await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sending');
    const removed = documented('POST /api/campaigns/:id/recipients/:candidateId/remove', removedRecipientSchema,
      await recruiter.post(`/api/campaigns/${id}/recipients/${candidate.id}/remove`));
    expect(removed.recipient).toMatchObject({ candidate: { id: candidate.id }, exitReason: 'manual', currentStep: 1 });
    const detail = documented('GET /api/campaigns/:id', campaignDetailSchema, await recruiter.get(`/api/campaigns/${id}`));
    expect(detail.steps.map((s) => [s.position, s.subject])).toEqual([[1, 'Hi {{firstName}}'], [2, 'Re: Hi {{firstName}}']]);
    expect(detail.sendWindow).toMatchObject({ start: '09:00', end: '11:00' });
    const bad = await recruiter.post(`/api/campaigns/${id}/recipients/abc/remove`);
    expect([bad.status, bad.json.field]).toEqual([400, 'candidateId']);
  });
});

describe('dev outbox', () => {
  it('GET /api/outbox', async () => {
    const { messageId, outboxId } = await deliveredMessage();
    const outbox = documented('GET /api/outbox', outboxListSchema, await recruiter.get('/api/outbox'));
    expect(outbox.transport).toBe('outbox');
    expect(outbox.emails.find((e) => e.id === outboxId)).toMatchObject({ messageId, subject: 'Coffee next week?' });
  });

  it('GET /api/outbox/:id', async () => {
    const { outboxId } = await deliveredMessage();
    const email = documented('GET /api/outbox/:id', outboxEmailSchema, await recruiter.get(`/api/outbox/${outboxId}`));
    expect(email.headers['Message-ID']).toBe(email.internetMessageId);
  });

  it('POST /api/outbox/:id/reply', async () => {
    const { outboxId, messageId } = await deliveredMessage();
    const result = documented('POST /api/outbox/:id/reply', outboxReplyResultSchema,
      await recruiter.post(`/api/outbox/${outboxId}/reply`, { content: 'Sounds great, when can we talk?' }));
    expect(result).toMatchObject({ status: 'stored', threadId: messageId, message: { direction: 'in', threadId: messageId } });
  });
});
