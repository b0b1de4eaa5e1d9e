// The wizard's sequence fields (issue 12): follow-ups, the send window and "join late".
// The rules are the API's (domain/campaigns/sequence-schemas.ts); this maps the form to
// them: the payload, each follow-up's subject and what still blocks "Next" on Content.
import type { z } from 'zod';
import { campaignPlaceholdersToFill, type SendTimeFacts } from '#domain/placeholders/placeholders.ts';
import { campaignStepInputSchema, MAX_FOLLOW_UPS, sendWindowSchema, type sequenceInputSchema, type SendWindow } from '#domain/campaigns/sequence-schemas.ts';
import { followUpSubjects as followUpSubjectsOf, type FollowUpSubject } from '#domain/campaigns/follow-up-subjects.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { issueText } from '#app/i18n/serverText.ts';

export { MAX_FOLLOW_UPS };

export interface FollowUpValues {
  /** NaN while the number field is empty (the API's rule then names the field). */
  delayDays: number;
  businessDaysOnly: boolean;
  /** '' = the default: "Re: " + the previous step's subject (the same thread). */
  subject: string;
  content: string;
  selectedTemplate: string;
}

export interface SequenceValues {
  emailSubject: string;
  emailContent: string;
  followUps: FollowUpValues[];
  sendWindowOn: boolean;
  sendWindow: SendWindow;
  joinLate: boolean;
}

export type SequenceBody = z.input<typeof sequenceInputSchema>;

export const DEFAULT_DELAY_DAYS = 3;
export const NEW_FOLLOW_UP: FollowUpValues = { delayDays: DEFAULT_DELAY_DAYS, businessDaysOnly: false, subject: '', content: '', selectedTemplate: '' };
/** Shown when the recruiter turns the window on; off by default, so the spec's schedule means what it says. */
export const DEFAULT_SEND_WINDOW: SendWindow = { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true };

// followUpLabel and delayText are in English always: they tell the AI drafter which email it writes.
// The interface shows followUpName and delayLabel (its language, read while rendering).

/** "Follow-up 2" (index 1). */
export const followUpLabel = (index: number) => `Follow-up ${index + 1}`;

/** "3 days after the previous step" / "1 business day after the previous step". */
export function delayText(delayDays: number, businessDaysOnly: boolean): string {
  const days = Number.isFinite(delayDays) ? delayDays : '?';
  const unit = `${businessDaysOnly ? 'business ' : ''}day${days === 1 ? '' : 's'}`;
  return `${days} ${unit} after the previous step`;
}

/** followUpLabel in the interface's language. */
export const followUpName = (index: number) => i18n.t('panels.followUps.label', { number: index + 1 });

/** delayText in the interface's language. */
export function delayLabel(delayDays: number, businessDaysOnly: boolean): string {
  if (!Number.isFinite(delayDays)) return i18n.t(businessDaysOnly ? 'panels.followUps.businessDelayUnknown' : 'panels.followUps.delayUnknown');
  return i18n.t(businessDaysOnly ? 'panels.followUps.businessDelay' : 'panels.followUps.delay', { count: delayDays });
}

/** Each follow-up's subject as it will be sent and its default: the API's rule (domain/campaigns/follow-up-subjects.ts). */
export function followUpSubjectChain(values: Pick<SequenceValues, 'emailSubject' | 'followUps'>): FollowUpSubject[] {
  return followUpSubjectsOf(values.emailSubject ?? '', values.followUps.map((followUp) => followUp.subject));
}

/** Each follow-up's subject as it will be sent: its own, or "Re: " + the previous step's. */
export function followUpSubjects(values: Pick<SequenceValues, 'emailSubject' | 'followUps'>): string[] {
  return followUpSubjectChain(values).map((step) => step.subject);
}

/**
 * The sequence fields of POST /api/campaigns, only those the recruiter used: without follow-ups,
 * window or "join late" the body is the spec's payload exactly.
 */
export function sequencePayload(values: SequenceValues): SequenceBody {
  const body: SequenceBody = {};
  if (values.followUps.length) {
    const subjects = followUpSubjects(values);
    body.steps = values.followUps.map((f, i) => ({ delayDays: f.delayDays, businessDaysOnly: f.businessDaysOnly, subject: subjects[i], content: f.content }));
  }
  if (values.sendWindowOn) body.sendWindow = { ...values.sendWindow };
  if (values.joinLate) body.joinLate = true;
  return body;
}

export interface PlaceholdersLeft {
  /** "First email" or "Follow-up 1", in the interface's language. */
  where: string;
  names: string[];
}

/**
 * The {{placeholders}} only the recruiter can fill, per step (a follow-up's default subject is its
 * predecessor's); what the campaign fills when it sends (`sendTime`: the organisation's settings) is not among them.
 */
export function placeholdersLeft(values: Pick<SequenceValues, 'emailSubject' | 'emailContent' | 'followUps'>, sendTime: SendTimeFacts = {}): PlaceholdersLeft[] {
  const steps = [
    { where: i18n.t('panels.wizard.firstEmail'), names: campaignPlaceholdersToFill([values.emailSubject, values.emailContent], sendTime) },
    ...values.followUps.map((f, i) => ({ where: followUpName(i), names: campaignPlaceholdersToFill([f.subject, f.content], sendTime) })),
  ];
  return steps.filter((step) => step.names.length > 0);
}

/** What is wrong with each follow-up as it would be sent, in the API's words ("Follow-up 1: Email content is required"), in the interface's language. */
export function followUpProblems(values: Pick<SequenceValues, 'emailSubject' | 'followUps'>): string[] {
  const subjects = followUpSubjects(values);
  return values.followUps.flatMap((f, i) => {
    const checked = campaignStepInputSchema.safeParse({ delayDays: f.delayDays, businessDaysOnly: f.businessDaysOnly, subject: subjects[i], content: f.content });
    return checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))]
      .map((message) => i18n.t('panels.wizard.problem', { where: followUpName(i), problem: issueText(message) }));
  });
}

/**
 * Why "Next" stays disabled on the Content step beyond the spec's rule (subject and content set):
 * placeholders left to fill and follow-ups the API would refuse. Empty when it may go on.
 */
export function contentStepBlockers(values: Pick<SequenceValues, 'emailSubject' | 'emailContent' | 'followUps'>, sendTime: SendTimeFacts = {}): string[] {
  const placeholders = placeholdersLeft(values, sendTime)
    .map(({ where, names }) => i18n.t('panels.wizard.fillIn', { where, names: names.map((n) => `{{${n}}}`).join(', ') }));
  return [...placeholders, ...followUpProblems(values)];
}

/** Why Launch stays disabled on the Launch step (a send window that the API would refuse); empty when fine. */
export function sendWindowProblems(values: Pick<SequenceValues, 'sendWindowOn' | 'sendWindow'>): string[] {
  if (!values.sendWindowOn) return [];
  const checked = sendWindowSchema.safeParse(values.sendWindow);
  return checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))].map((message) => issueText(message) ?? message);
}
