// "Duplicate" on a campaign's page: the wizard opens with the campaign's type, pool, language, texts, follow-ups,
// send window, "join late" and WhatsApp step, under a new name; the schedule is the type's default (the original's
// moment has passed). A follow-up whose subject was the default ("Re: " + the previous one) keeps following it.
import type { CampaignPayload } from '#app/drawers/drawerStore.ts';
import { campaignTypeSchema } from '#domain/ai/schemas.ts';
import { ownFollowUpSubjects } from '#domain/campaigns/follow-up-subjects.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';

export function campaignCopy(campaign: CampaignDetail, name: string): CampaignPayload {
  const type = campaignTypeSchema.safeParse(campaign.campaignType);
  const subject = campaign.emailSubject ?? '';
  const followUps = campaign.steps.slice(1);
  const subjects = ownFollowUpSubjects(subject, followUps.map((step) => step.subject));
  const window = campaign.sendWindow;
  return {
    // A quick campaign (sent from compose) has no wizard type: the recruiter picks one.
    campaignType: type.success ? type.data : undefined,
    talentPoolId: campaign.talentPoolId ?? undefined,
    language: campaign.language,
    emailSubject: subject,
    emailContent: campaign.emailContent ?? '',
    copy: {
      name,
      followUps: followUps.map((step, i) => ({
        delayDays: step.delayDays, businessDaysOnly: step.businessDaysOnly, subject: subjects[i], content: step.content, selectedTemplate: '',
      })),
      sendWindowOn: window !== null,
      ...(window ? { sendWindow: { start: window.start, end: window.end, weekdaysOnly: window.weekdaysOnly, candidateTimeZone: window.candidateTimeZone } } : {}),
      joinLate: campaign.joinLate,
      whatsappOn: Boolean(campaign.whatsappTemplate),
      whatsappTemplate: campaign.whatsappTemplate ?? null,
    },
  };
}
