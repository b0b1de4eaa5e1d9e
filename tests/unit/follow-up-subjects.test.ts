// A sequence's follow-up subjects, one rule (domain/campaigns/follow-up-subjects.ts, decision 033) for
// the API (the subjects createCampaign stores, the request's checks) and the wizard (its payload, the
// fields' defaults, what blocks "Next"), built on the "Re: " rule (domain/mail/reply-subject.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish } from '#app/i18n/i18n.ts';
import { followUpSubjects, ownFollowUpSubjects } from '#domain/campaigns/follow-up-subjects.ts';
import { newCampaignSchema } from '#domain/campaigns/schemas.ts';
import { campaignStepInputSchema } from '#domain/campaigns/sequence-schemas.ts';
import {
  DEFAULT_SEND_WINDOW, followUpProblems, followUpSubjectChain, NEW_FOLLOW_UP, sequencePayload, type SequenceValues,
} from '#app/messaging/sequenceForm.ts';

// The browser loads each page's English with the page (decision 044); these check a panel's words alone.
beforeAll(loadEnglish);

const followUp = (subject: string) => ({ ...NEW_FOLLOW_UP, subject, content: 'Any news?' });
const wizard = (emailSubject: string, subjects: string[]): SequenceValues => ({
  emailSubject, emailContent: 'Hi', followUps: subjects.map(followUp), sendWindowOn: false, sendWindow: DEFAULT_SEND_WINDOW, joinLate: false,
});
const request = (emailSubject: string, subjects: Array<string | undefined>) => ({
  name: 'Chain', campaignType: 'nurture', talentPoolId: 1, emailSubject, emailContent: 'Hi',
  steps: subjects.map((subject) => ({ delayDays: 3, content: 'Any news?', ...(subject === undefined ? {} : { subject }) })),
});

describe('the follow-up subject chain', () => {
  it('three follow-ups: empty answers the previous step as it is sent, typed stays, "Re: Re:" never', () => {
    expect(followUpSubjects('Coffee?', [undefined, 'One last try', '  '])).toEqual([
      { subject: 'Re: Coffee?', defaultSubject: 'Re: Coffee?' },
      { subject: 'One last try', defaultSubject: 'Re: Coffee?' },
      { subject: 'Re: One last try', defaultSubject: 'Re: One last try' },
    ]);
    expect(followUpSubjects(' Re: Coffee? ', [null, '', undefined]).map((step) => step.subject)).toEqual(['Re: Coffee?', 'Re: Coffee?', 'Re: Coffee?']);
  });

  it('the wizard sends, and shows as each field\'s default, what the API stores for the same steps', () => {
    const values = wizard('Coffee?', ['', 'One last try', '']);
    expect(followUpSubjectChain(values)).toEqual(followUpSubjects('Coffee?', [undefined, 'One last try', undefined]));
    expect(sequencePayload(values).steps?.map((step) => step.subject)).toEqual(['Re: Coffee?', 'One last try', 'Re: One last try']);
  });

  it('a subject made by "Re: " past the 300-character limit is refused by the API as the wizard refuses it, on the same field', () => {
    const long = 'x'.repeat(298);
    // The wizard: "Follow-up 1: Email subject is too long" (it sends the made subject, which the step's schema refuses).
    expect(followUpProblems(wizard(long, ['']))).toEqual(['Follow-up 1: Email subject is too long']);
    // The API, given no subject for the follow-up: the step schema's own refusal of that subject, on steps.0.subject
    // (it stored 302 characters before).
    const typed = campaignStepInputSchema.safeParse({ delayDays: 3, subject: `Re: ${long}`, content: 'Any news?' });
    const parsed = newCampaignSchema.safeParse(request(long, [undefined]));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['steps.0.subject', typed.error?.issues[0].message]]);
    // A typed subject keeps the step's own check; a made one within the limit passes.
    expect(newCampaignSchema.safeParse(request(long, ['Short']))).toMatchObject({ success: true });
    expect(newCampaignSchema.safeParse(request('x'.repeat(296), [undefined, undefined]))).toMatchObject({ success: true });
  });
});

describe('a copied sequence\'s own subjects (Duplicate)', () => {
  it('a subject that was its default becomes empty again, a typed one stays; both give back what was sent', () => {
    const sent = ['Re: Coffee?', 'One last try', 'Re: One last try'];
    const own = ownFollowUpSubjects('Coffee?', sent);
    expect(own).toEqual(['', 'One last try', '']);
    expect(followUpSubjects('Coffee?', own).map((step) => step.subject)).toEqual(sent);
    // The copy's first subject changed: the defaults follow it, the typed one does not.
    expect(followUpSubjects('Thee?', own).map((step) => step.subject)).toEqual(['Re: Thee?', 'One last try', 'Re: One last try']);
  });

  it('a first subject that already starts with "Re:" is answered without a second one', () => {
    expect(ownFollowUpSubjects('Re: Coffee?', ['Re: Coffee?', 'Re: Coffee?'])).toEqual(['', '']);
  });
});
