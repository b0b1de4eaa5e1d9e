// API answers for the messaging screens' tests (not a test file itself). Each is
// built by parsing with the schema its route documents, so a fixture that
// disagrees with what the API sends fails here, not in production.
import type { z } from 'zod';
import { aiSuggestionListSchema, aiSuggestionSchema, aiTemplateListSchema, aiTemplateSchema, generationSchema } from '#domain/ai/schemas.ts';
import { candidateListSchema, candidateSchema } from '#domain/candidates/schemas.ts';
import { campaignDetailSchema, campaignListSchema, campaignSummarySchema, createdCampaignSchema } from '#domain/campaigns/schemas.ts';
import { outboxEmailSchema, outboxEmailSummarySchema, outboxListSchema } from '#domain/mail/outbox-schemas.ts';
import { outboxReplyResultSchema } from '#domain/messages/inbound-email-schemas.ts';
import {
  messageSchema, sentMessageSchema, threadListSchema, threadReadSchema, threadSchema, threadSummarySchema,
} from '#domain/messages/schemas.ts';
import { talentPoolListSchema, talentPoolSchema } from '#domain/talent-pools/schemas.ts';

type Input<S extends z.ZodType> = Partial<z.input<S>>;

export function candidate(id: number, overrides: Input<typeof candidateSchema> = {}) {
  return candidateSchema.parse({
    id, name: `Candidate ${id}`, email: `c${id}@example.com`, phone: null, whatsappNumber: null, allowsEmail: true, allowsWhatsapp: true,
    talentPoolId: 1, talentPoolIds: [1], preferredContactMethod: 'email', jobFunction: null, skillTags: [], seniorityLevel: null,
    location: null, preferredRole: null, leadScore: 0, engagementScore: 0, unsubscribedAt: null, whatsappOptedOutAt: null, emailConsentExpiresAt: null, notes: null, language: null,
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', possibleDuplicate: false, ...overrides,
  });
}

/** GET /api/candidates (one page; X-Total-Count is not needed by these screens). */
export function candidateList(candidates: z.input<typeof candidateSchema>[]) {
  return candidateListSchema.parse(candidates);
}

export function pool(id: number, name: string, candidateCount: number) {
  return talentPoolSchema.parse({ id, name, description: null, candidateCount });
}

/** GET /api/talent-pools */
export function poolList(pools: z.input<typeof talentPoolSchema>[]) {
  return talentPoolListSchema.parse(pools);
}

export function aiTemplate(templateId: string, name: string) {
  return aiTemplateSchema.parse({ templateId, name, description: null, category: 'nurture', languages: ['english', 'dutch'] });
}

/** GET /api/ai-templates */
export function aiTemplateList(templates: z.input<typeof aiTemplateSchema>[]) {
  return aiTemplateListSchema.parse(templates);
}

export function suggestion(id: number, templateId: string, name: string, description: string) {
  return aiSuggestionSchema.parse({ id, templateId, name, description, category: 'nurture' });
}

/** GET /api/ai-templates/suggestions/{campaignType} */
export function suggestionList(suggestions: z.input<typeof aiSuggestionSchema>[]) {
  return aiSuggestionListSchema.parse({ suggestions });
}

export function generation(draft: { subject: string; content: string; templateName: string }) {
  return generationSchema.parse({
    success: true, subject: draft.subject, content: draft.content, error: null,
    metadata: { templateId: 'nurture-checkin', templateName: draft.templateName, language: 'english', source: 'template', placeholders: [], durationMs: 3 },
  });
}

export function message(id: number, overrides: Input<typeof messageSchema> = {}) {
  return messageSchema.parse({
    id, subject: 'A new role', content: 'Hello', sentiment: null, createdAt: '2026-03-05T10:00:00.000Z',
    candidate: { id: 7, name: 'Anna de Vries', email: 'anna@example.com' }, direction: 'out', channel: 'email', status: 'sent',
    threadId: id, originalMessageId: null, campaignId: null, error: null, attempts: 1, sentAt: '2026-03-05T10:00:01.000Z', readAt: null,
    removalRequested: false, optOutReview: false, autoReply: false, autoReplyUntil: null, ...overrides,
  });
}

/** A reply the candidate wrote (received, not read yet). */
export function reply(id: number, overrides: Input<typeof messageSchema> = {}) {
  return message(id, { direction: 'in', status: 'received', attempts: 0, sentAt: null, ...overrides });
}

export function sentMessage(id: number, overrides: Input<typeof messageSchema> = {}) {
  return sentMessageSchema.parse({ success: true, message: message(id, { status: 'queued', attempts: 0, sentAt: null, ...overrides }) });
}

export function thread(messages: z.input<typeof messageSchema>[], overrides: Input<typeof threadSchema> = {}) {
  const [first] = messages;
  return threadSchema.parse({
    threadId: first.threadId, subject: first.subject, candidate: first.candidate,
    unreadCount: messages.filter((m) => m.direction === 'in' && !m.readAt).length, messages, ...overrides,
  });
}

export function threadSummary(overrides: Input<typeof threadSummarySchema> & Pick<z.input<typeof threadSummarySchema>, 'threadId' | 'candidate' | 'lastMessage'>) {
  return threadSummarySchema.parse({
    subject: 'A new role', messageCount: 1, unreadCount: 0, lastMessageAt: overrides.lastMessage.createdAt, sentiment: null, needsReply: false,
    ...overrides,
  });
}

export function threadList(threads: z.input<typeof threadSummarySchema>[]) {
  return threadListSchema.parse({ threads });
}

export function threadRead(threadId: number, unreadCount = 0) {
  return threadReadSchema.parse({ success: true, threadId, unreadCount });
}

export function campaignSummary(id: number, overrides: Input<typeof campaignSummarySchema> = {}) {
  return campaignSummarySchema.parse({
    id, name: 'Nurture Campaign - Mar 5', campaignType: 'nurture', status: 'scheduled', talentPoolId: 1, talentPoolName: 'Frontend',
    emailSubject: 'Hi', language: 'english', channels: ['email'], primaryChannel: 'email', scheduledAt: '2026-03-05T09:00:00.000Z',
    startedAt: null, completedAt: null, createdAt: '2026-03-05T08:00:00.000Z', recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0,
    humanOpenRate: 0, replyRate: 0, meetingsBooked: 0,
    ...overrides,
  });
}

export function campaignDetail(id: number, overrides: Input<typeof campaignDetailSchema> = {}) {
  const summary = campaignSummary(id, overrides);
  return campaignDetailSchema.parse({
    ...summary, emailContent: 'Hi {{firstName}}', messageTemplate: 'Hi {{firstName}}', whatsappContent: null,
    steps: [], sendWindow: null, joinLate: false, pausedReason: null,
    waiting: { waitingForWindow: 0, waitingForLimit: 0, waitingForDailyCap: 0, nextSendAt: null },
    progress: { recipients: summary.recipients, pending: summary.pending, sent: summary.sent, skipped: summary.skipped, failed: summary.failed,
      cancelled: 0, percent: 0, skipReasons: [], eligibleNow: 0 },
    funnel: { sent: summary.sent, delivered: summary.sent, opened: 0, humanOpened: 0, clicked: 0, replied: 0, positive: 0, booked: 0, unsubscribed: 0 },
    ...overrides,
  });
}

export function campaignList(campaigns: z.input<typeof campaignSummarySchema>[]) {
  return campaignListSchema.parse({ campaigns });
}

export function createdCampaign(id: number) {
  return createdCampaignSchema.parse({ success: true, campaign: campaignDetail(id) });
}

export function outboxEmailSummary(id: number, overrides: Input<typeof outboxEmailSummarySchema> = {}) {
  return outboxEmailSummarySchema.parse({
    id, messageId: 40, from: 'Talentloop <noreply@talentloop.test>', to: 'Anna de Vries <anna@example.com>', subject: 'Coffee next week?',
    createdAt: '2026-03-05T10:00:01.000Z', ...overrides,
  });
}

export function outboxEmail(id: number, overrides: Input<typeof outboxEmailSchema> = {}) {
  const summary = outboxEmailSummary(id, overrides);
  return outboxEmailSchema.parse({
    ...summary, internetMessageId: '<m40@talentloop.test>', replyTo: 'reply+40@talentloop.test', text: 'Hi Anna, coffee?', html: null,
    headers: { From: summary.from, To: summary.to, 'Message-ID': '<m40@talentloop.test>' }, raw: 'Subject: Coffee next week?\r\n\r\nHi Anna, coffee?',
    ...overrides,
  });
}

export function outboxList(emails: z.input<typeof outboxEmailSummarySchema>[], transport: z.input<typeof outboxListSchema>['transport'] = 'outbox') {
  return outboxListSchema.parse({ transport, emails });
}

/** POST /api/outbox/{id}/reply when the reply was stored in the thread. */
export function storedOutboxReply(stored: z.input<typeof messageSchema>) {
  return outboxReplyResultSchema.parse({
    status: 'stored', messageId: stored.id, threadId: stored.threadId, candidateId: stored.candidate.id, matchedBy: 'in-reply-to',
    sentiment: stored.sentiment ?? 'neutral', removalRequested: false, optOutReview: false, autoReply: false, autoReplyUntil: null, message: stored,
  });
}
