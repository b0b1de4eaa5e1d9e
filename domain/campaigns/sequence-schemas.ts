// Sequences (issue 12): the follow-up steps of a campaign, its send window and
// the ways a candidate leaves it. Step 1 is what the spec's wizard sends
// (campaigns.email_subject / email_content); `steps` here are the follow-ups.
// Browser-safe: the wizard builds its payload from these.
import { z } from 'zod';
import { timeZoneParam } from '../schemas/time-zone.ts';
import { msg } from '../i18n/codes.ts';

export const MAX_FOLLOW_UPS = 5;
export const MIN_DELAY_DAYS = 1;
export const MAX_DELAY_DAYS = 180;

const delayMessage = msg('validation.delay_days', { min: MIN_DELAY_DAYS, max: MAX_DELAY_DAYS });

/** One follow-up of POST /api/campaigns `steps[]`. A missing subject means "Re: " + the previous step's subject. */
export const campaignStepInputSchema = z.strictObject({
  delayDays: z.number({ error: delayMessage }).int(delayMessage).min(MIN_DELAY_DAYS, delayMessage).max(MAX_DELAY_DAYS, delayMessage),
  businessDaysOnly: z.boolean({ error: msg('validation.true_or_false', { field: 'businessDaysOnly' }) }).optional(),
  subject: z.string({ error: msg('validation.must_be_text', { field: 'subject' }) }).trim().max(300, msg('validation.email_subject_too_long')).nullish(),
  content: z.string({ error: msg('validation.email_content_required') }).trim().min(1, msg('validation.email_content_required'))
    .max(50_000, msg('validation.email_content_too_long')),
});
export type CampaignStepInput = z.infer<typeof campaignStepInputSchema>;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (field: string) => z.string({ error: msg('validation.clock_time', { field }) }).regex(CLOCK, msg('validation.clock_time', { field }));

/** Minutes since midnight of an "HH:MM" the schema accepted. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When each candidate's mail may go out: between start and end local time (the candidate's own zone when
 * candidateTimeZone and the candidate has one, else timeZone or the organisation's), on weekdays only if weekdaysOnly.
 */
export const sendWindowSchema = z.strictObject({
  start: clock('start'),
  end: clock('end'),
  weekdaysOnly: z.boolean({ error: msg('validation.true_or_false', { field: 'weekdaysOnly' }) }),
  candidateTimeZone: z.boolean({ error: msg('validation.true_or_false', { field: 'candidateTimeZone' }) }),
  /** The zone for candidates without one (or all, without candidateTimeZone); default: the organisation's. */
  timeZone: timeZoneParam.nullish(),
  // A bad time is its own field's error; the order is judged between two good ones.
}).refine((window) => !CLOCK.test(window.start) || !CLOCK.test(window.end) || minutesOf(window.end) > minutesOf(window.start), { path: ['end'], message: msg('validation.window_order') });
export type SendWindow = z.infer<typeof sendWindowSchema>;

/** The sequence fields POST /api/campaigns accepts beside the spec's payload (all optional: a one-step campaign). */
export const sequenceInputSchema = z.object({
  steps: z.array(campaignStepInputSchema, { error: msg('validation.follow_ups') })
    .max(MAX_FOLLOW_UPS, msg('validation.follow_ups_max', { max: MAX_FOLLOW_UPS })).nullish(),
  sendWindow: sendWindowSchema.nullish(),
  joinLate: z.boolean({ error: msg('validation.true_or_false', { field: 'joinLate' }) }).nullish(),
});

/** Why a candidate left the sequence (and gets no later step). */
export const EXIT_REASONS = ['replied', 'booked', 'unsubscribed', 'consent_withdrawn', 'bounced', 'removed', 'manual'] as const;
export const exitReasonSchema = z.enum(EXIT_REASONS);
export type ExitReason = typeof EXIT_REASONS[number];

/** One step of GET /api/campaigns/{id} `steps` (position 1 is the first email), with its counts. */
export const campaignStepSchema = z.object({
  position: z.number(),
  /** Days after the previous step (0 for the first). */
  delayDays: z.number(),
  businessDaysOnly: z.boolean(),
  subject: z.string(),
  content: z.string(),
  counts: z.object({
    /** Queued, waiting for its day, its send window or the sender's limit. */
    waiting: z.number(),
    sent: z.number(),
    failed: z.number(),
    /** Left the sequence before this step. */
    exited: z.number(),
  }),
});
export type CampaignStep = z.infer<typeof campaignStepSchema>;
