// Pure messaging logic: schedules, campaign defaults, pool preview, consent
// reasons, Advanced Editor URLs, "Re: " prefixing, dates, AI placeholders.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish } from '#app/i18n/i18n.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { buildAdvancedEditorUrl, wizardPrefillFromSearch } from '#app/messaging/advancedEditor.ts';
import {
  AI_GENERATING_TEXT, AI_REGENERATING_TEXT, aiPlaceholderText, canRegenerate, isAiPlaceholder,
} from '#app/messaging/aiPlaceholder.ts';
import { CAMPAIGN_FORM_DEFAULTS, campaignFormSchema, campaignPayload, stepComplete } from '#app/messaging/campaignFormSchema.ts';
import {
  applyCampaignTypeDefaults, CAMPAIGN_TYPES, defaultCampaignName, defaultSubject, quickMessageName,
} from '#app/messaging/campaignTypes.ts';
import { draftPlaceholderContent } from '#app/messaging/draftContent.ts';
import { messageFormDefaults, messageFormSchema } from '#app/messaging/messageFormSchema.ts';
import {
  emailBlockReasons, individualSendBlock, moreLabel, poolPreview,
} from '#app/messaging/recipients.ts';
import { computeScheduledAt, DEFAULT_SCHEDULE_BY_TYPE } from '#app/messaging/schedule.ts';
import { pageAction, readCommunicationsSearch, withoutOneShotParams } from '#app/pages/communications/pageParams.ts';
import { stringifySearch } from '#app/router/searchParams.ts';
import { isGenerationTimeout } from '#domain/ai/generation-timeout.ts';
import { ApiError } from '#app/api/ApiError.ts';
import { RequestTimeoutError, TIMEOUT_MESSAGE } from '#app/api/apiClient.ts';
import { schemaText } from '#tests/support/schema-text.ts';
import { placeholdersToFill } from '#domain/placeholders/placeholders.ts';
import { progressPercent } from '#domain/campaigns/progress.ts';
import { replySubject } from '#domain/mail/reply-subject.ts';
import { candidate } from './app/messagingFixtures.ts';

// The browser loads each page's English with the page (decision 044); these check a panel's words alone.
beforeAll(loadEnglish);

describe('schedule (spec §9)', () => {
  const now = new Date(2026, 2, 5, 14, 7, 30); // 5 March 2026 14:07:30 local

  it('now is immediately', () => {
    expect(computeScheduledAt('now', now).getTime()).toBe(now.getTime());
  });
  it('in_1_hour is +60 minutes', () => {
    expect(computeScheduledAt('in_1_hour', now).getTime() - now.getTime()).toBe(60 * 60_000);
  });
  it('tomorrow_morning is the next day at 09:00 local', () => {
    const at = computeScheduledAt('tomorrow_morning', now);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([2026, 2, 6, 9, 0, 0]);
  });
  it('tomorrow_morning crosses a month end', () => {
    const at = computeScheduledAt('tomorrow_morning', new Date(2026, 0, 31, 23, 59));
    expect([at.getMonth(), at.getDate(), at.getHours()]).toEqual([1, 1, 9]);
  });
  it('custom is the chosen time, or now when empty or unreadable', () => {
    expect(computeScheduledAt('custom', now, '2026-04-01T10:30').getTime()).toBe(new Date(2026, 3, 1, 10, 30).getTime());
    expect(computeScheduledAt('custom', now, '').getTime()).toBe(now.getTime());
    expect(computeScheduledAt('custom', now, null).getTime()).toBe(now.getTime());
    expect(computeScheduledAt('custom', now, 'not a date').getTime()).toBe(now.getTime());
  });
  it('default schedule by type', () => {
    expect(DEFAULT_SCHEDULE_BY_TYPE).toEqual({ nurture: 'tomorrow_morning', event: 'tomorrow_morning', announcement: 'now', followup: 'in_1_hour' });
  });
});

describe('campaign types and defaults (spec §3, §4)', () => {
  const now = new Date(2026, 2, 5, 14, 7);

  it('has the four types with their names', () => {
    expect(CAMPAIGN_TYPES.map((t) => [t.value, t.label])).toEqual([
      ['nurture', 'Nurture Campaign'], ['announcement', 'Job Announcement'], ['followup', 'Follow-up Campaign'], ['event', 'Event Invitation'],
    ]);
  });
  it('names a campaign after its type and a short date', () => {
    expect(defaultCampaignName('nurture', now)).toBe('Nurture Campaign - Mar 5');
    expect(defaultCampaignName('event', now)).toBe('Event Invitation - Mar 5');
  });
  it('default subjects carry placeholders', () => {
    expect(defaultSubject('nurture', 'english')).toContain('{{industry}}');
    expect(defaultSubject('announcement', 'english')).toContain('{{jobTitle}}');
    expect(defaultSubject('announcement', 'dutch')).toContain('{{company}}');
    expect(defaultSubject('event', 'english')).toContain('{{eventName}}');
  });
  it('choosing a type fills name, schedule and subject', () => {
    const filled = applyCampaignTypeDefaults({ campaignType: '', name: '', scheduleOption: 'now', emailSubject: '', language: 'dutch' }, 'followup', now);
    expect(filled).toEqual({ name: 'Follow-up Campaign - Mar 5', scheduleOption: 'in_1_hour', emailSubject: defaultSubject('followup', 'dutch') });
  });
  it('switching type replaces defaults but keeps what the recruiter typed', () => {
    const first = applyCampaignTypeDefaults({ campaignType: '', name: '', scheduleOption: 'now', emailSubject: '', language: 'english' }, 'nurture', now);
    const switched = applyCampaignTypeDefaults({ campaignType: 'nurture', language: 'english', ...first }, 'announcement', now);
    expect(switched).toEqual({ name: 'Job Announcement - Mar 5', scheduleOption: 'now', emailSubject: defaultSubject('announcement', 'english') });
    const own = applyCampaignTypeDefaults(
      { campaignType: 'nurture', language: 'english', name: 'My own name', scheduleOption: 'custom', emailSubject: 'My subject' }, 'event', now);
    expect(own).toEqual({ name: 'My own name', scheduleOption: 'custom', emailSubject: 'My subject' });
  });
  it('names a compose pool send "Quick Message" plus the date', () => {
    expect(quickMessageName(now)).toBe('Quick Message Mar 5, 2026');
  });
});

describe('pool preview and eligibility (spec §2)', () => {
  // Who in a pool is a recipient is the server's rule (GET /api/talent-pools/{id}/reach: in the pool, with an
  // email, allowsEmail not false, not unsubscribed, not suppressed; tests/api/pool-reach.test.ts); the preview shows its answer.
  it('shows the reach\'s count, at most 5 of its names, then "+ N more"', () => {
    const names = ['Candidate 1', 'Candidate 2', 'Candidate 5', 'Candidate 7', 'Candidate 8'];
    const preview = poolPreview({ eligible: 6, names });
    expect(preview).toEqual({ count: 6, names, more: 1 });
    expect(moreLabel(preview.more)).toBe('+ 1 more');
    expect(moreLabel(0)).toBe('');
    expect(poolPreview({ eligible: 2, names: ['A', 'B'] })).toEqual({ count: 2, names: ['A', 'B'], more: 0 });
    expect(moreLabel(poolPreview({ eligible: 40, names: Array.from({ length: 5 }, (_, i) => `N${i}`) }).more)).toBe('+ 35 more');
    expect(poolPreview({ eligible: 0, names: [] })).toEqual({ count: 0, names: [], more: 0 });
  });
  it('lists why a candidate cannot be emailed', () => {
    expect(emailBlockReasons(candidate(1))).toEqual([]);
    expect(emailBlockReasons(candidate(1, { email: null }))).toEqual(['No email address on file']);
    expect(emailBlockReasons(candidate(1, { allowsEmail: false }))).toEqual(['Candidate has not consented to email']);
    expect(emailBlockReasons(candidate(1, { email: '', allowsEmail: false })))
      .toEqual(['No email address on file', 'Candidate has not consented to email']);
  });
  it('blocks an individual send with the spec toasts', () => {
    expect(individualSendBlock(candidate(1), 'email')).toBeNull();
    expect(individualSendBlock(candidate(1, { allowsEmail: false }), 'email')?.title).toBe('Email Not Allowed');
    expect(individualSendBlock(candidate(1, { email: null }), 'email')?.title).toBe('No Email Address');
    expect(individualSendBlock(candidate(1, { allowsWhatsapp: false }), 'whatsapp')?.title).toBe('WhatsApp Not Allowed');
    expect(individualSendBlock(candidate(1, { whatsappNumber: null, phone: null }), 'whatsapp')?.title).toBe('No WhatsApp Number');
    expect(individualSendBlock(candidate(1, { whatsappNumber: null, phone: '+31 6 1234' }), 'whatsapp')).toBeNull();
  });
});

describe('Advanced Editor URL (spec §2)', () => {
  it('carries the values URI-encoded, then action=create-campaign', () => {
    const url = buildAdvancedEditorUrl({
      candidateId: 12, candidateName: 'Anna de Vries', talentPoolId: null, channel: 'email',
      subject: 'Hello & welcome?', content: 'Line 1\nLine 2 = 100%', template: 'nurture-checkin', prompt: 'be brief', language: 'dutch',
    });
    expect(url).toBe('/app/communications?candidateId=12&candidateName=Anna%20de%20Vries&channel=email'
      + '&subject=Hello%20%26%20welcome%3F&content=Line%201%0ALine%202%20%3D%20100%25&template=nurture-checkin'
      + '&prompt=be%20brief&language=dutch&action=create-campaign');
  });
  it('leaves the content out while the AI placeholder shows', () => {
    const url = buildAdvancedEditorUrl({ talentPoolId: 3, channel: 'email', subject: 'S', content: AI_GENERATING_TEXT, language: 'english' });
    expect(url).toBe('/app/communications?talentPoolId=3&channel=email&subject=S&language=english&action=create-campaign');
    expect(new URL(url, 'http://x').searchParams.has('content')).toBe(false);
  });
  it('round-trips into the wizard prefill', () => {
    const url = buildAdvancedEditorUrl({ talentPoolId: 3, subject: 'Hi & bye', content: 'Body', template: 'announcement-role', prompt: 'p', language: 'english' });
    expect(wizardPrefillFromSearch(readCommunicationsSearch(new URL(url, 'http://x').search))).toEqual({
      talentPoolId: 3, emailSubject: 'Hi & bye', emailContent: 'Body', templateId: 'announcement-role', prompt: 'p', language: 'english',
    });
    expect(wizardPrefillFromSearch(readCommunicationsSearch('template=manual&language=klingon&talentPoolId=x'))).toEqual({});
  });
  it('the page turns its parameters into a dialog, then drops them', () => {
    expect(pageAction(readCommunicationsSearch('action=compose&candidateId=4&candidateName=Bo'))).toEqual({
      kind: 'compose', payload: { candidateId: 4, candidateName: 'Bo' },
    });
    expect(pageAction(readCommunicationsSearch('template=nurture-market'))).toEqual({ kind: 'campaign', prefill: { templateId: 'nurture-market' } });
    expect(pageAction(readCommunicationsSearch('campaign=5'))).toBeNull();
    expect(stringifySearch(withoutOneShotParams(readCommunicationsSearch('action=create-campaign&subject=x&campaign=5')))).toBe('?campaign=5');
    expect(stringifySearch(withoutOneShotParams(readCommunicationsSearch('action=compose')))).toBe('');
  });
});

describe('reply subject, dates and the AI placeholder', () => {
  it('prefixes "Re: " unless already there (the rule the API applies too)', () => {
    expect(replySubject('Coffee next week?')).toBe('Re: Coffee next week?');
    expect(replySubject('Re: Coffee next week?')).toBe('Re: Coffee next week?');
    expect(replySubject('RE: shouting')).toBe('RE: shouting');
    expect(replySubject('  Re: padded  ')).toBe('Re: padded');
    expect(replySubject(null)).toBe('Re: ');
  });
  it('formats dates as "MMM d, yyyy \'at\' h:mm a", else "Date not available"', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('Mar 5, 2026 at 2:07 PM');
    expect(formatDateTime(new Date(2026, 10, 21, 0, 5))).toBe('Nov 21, 2026 at 12:05 AM');
    expect(formatDateTime(null)).toBe('Date not available');
    expect(formatDateTime('')).toBe('Date not available');
    expect(formatDateTime('yesterday-ish')).toBe('Date not available');
  });
  it('detects the robot placeholder', () => {
    expect(AI_GENERATING_TEXT.startsWith('🤖')).toBe(true);
    expect(AI_REGENERATING_TEXT).toBe('🤖 AI is regenerating content with fresh perspective...');
    expect(aiPlaceholderText(false)).toBe(AI_GENERATING_TEXT);
    expect(aiPlaceholderText(true)).toBe(AI_REGENERATING_TEXT);
    expect(isAiPlaceholder(AI_REGENERATING_TEXT)).toBe(true);
    expect(isAiPlaceholder('Hello')).toBe(false);
    expect(canRegenerate('Hello')).toBe(true);
    expect(canRegenerate('  ')).toBe(false);
    expect(canRegenerate(AI_GENERATING_TEXT)).toBe(false);
  });
  it('tells a time-out from other failures', () => {
    // By the code (the API's 504 and the browser's own time-out say ai_timeout), not by the words.
    expect(isGenerationTimeout(new ApiError(504, 'Request timed out. AI generation is taking longer than expected.', { code: 'ai_timeout' }))).toBe(true);
    expect(isGenerationTimeout(new RequestTimeoutError(TIMEOUT_MESSAGE))).toBe(true);
    expect(isGenerationTimeout(new ApiError(502, 'The AI provider refused the request (500): timed out', { code: 'ai_refused' }))).toBe(false);
    expect(isGenerationTimeout(new Error('Request timed out. AI generation is taking longer than expected.'))).toBe(false);
  });
});

describe('forms use the spec texts (spec §5)', () => {
  it('compose: subject and content required', () => {
    const result = messageFormSchema.safeParse(messageFormDefaults());
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], schemaText(i.message)]));
    expect(messages).toEqual({ subject: 'Subject is required for email messages', content: 'Message content is required' });
  });
  it('compose defaults: individual, email, WhatsApp replies on, English, manual template', () => {
    expect(messageFormDefaults()).toMatchObject({ recipientType: 'individual', channel: 'email', allowWhatsAppReplies: true, language: 'english', selectedTemplate: 'manual' });
    expect(messageFormDefaults({ talentPoolId: 2 }).recipientType).toBe('pool');
  });
  it('wizard: every required field with its text', () => {
    const result = campaignFormSchema.safeParse(CAMPAIGN_FORM_DEFAULTS);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], schemaText(i.message)]));
    expect(messages).toEqual({
      campaignType: 'Campaign type is required', name: 'Campaign name is required', talentPoolId: 'Talent pool is required',
      emailSubject: 'Email subject is required', emailContent: 'Email content is required',
    });
    expect(CAMPAIGN_FORM_DEFAULTS.language).toBe('dutch');
  });
  it('wizard: steps need their fields; the payload has messageTemplate = content and an ISO time', () => {
    const values = { ...CAMPAIGN_FORM_DEFAULTS, campaignType: 'nurture' as const, name: 'N', talentPoolId: '3' };
    expect(stepComplete(values, 0)).toBe(true);
    expect(stepComplete(values, 1)).toBe(false);
    const full = { ...values, emailSubject: 'S', emailContent: 'C', scheduleOption: 'in_1_hour' as const };
    expect(stepComplete(full, 1)).toBe(true);
    const now = new Date('2026-03-05T10:00:00Z');
    expect(campaignPayload(full, now)).toEqual({
      name: 'N', campaignType: 'nurture', talentPoolId: 3, emailSubject: 'S', emailContent: 'C', messageTemplate: 'C',
      scheduledAt: '2026-03-05T11:00:00.000Z', language: 'dutch',
    });
  });
  it('wizard drafting: the failure draft and the placeholders left to fill', () => {
    expect(draftPlaceholderContent('dutch')).toContain('Hoi {{firstName}}');
    expect(placeholdersToFill('New opening: {{jobTitle}} at {{company}}', 'Hi {{firstName}}, {{company}} ... {{recruiterName}}'))
      .toEqual(['jobTitle', 'company']);
  });
  it('campaign progress', () => {
    expect(progressPercent({ recipients: 10, sent: 5, skipped: 2, failed: 1 })).toBe(80);
    expect(progressPercent({ recipients: 0, sent: 0, skipped: 0, failed: 0, status: 'sent' })).toBe(100);
    expect(progressPercent({ recipients: 0, sent: 0, skipped: 0, failed: 0, status: 'scheduled' })).toBe(0);
  });
});
