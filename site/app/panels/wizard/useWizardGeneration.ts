// Drafting in the wizard: choosing a template card generates the content of the
// first email (and its subject) or of a follow-up; on failure a draft to edit goes
// in that content field (spec §4, §8). One generation at a time for the whole wizard.
import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { draftPlaceholderContent } from '#app/messaging/draftContent.ts';
import { generateContent } from '#app/messaging/queries.ts';
import { delayText, followUpLabel } from '#app/messaging/sequenceForm.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { toast } from '#app/toast/toast.ts';
import { useT } from '#app/i18n/useT.ts';

/** Which email a draft is for: 0 the first, n the n-th follow-up. */
export type DraftStep = number;

export function useWizardGeneration(form: UseFormReturn<CampaignFormValues>, pools: TalentPool[], prompt: string) {
  const t = useT();
  const [generating, setGenerating] = useState<{ templateId: string; step: DraftStep } | null>(null);
  const busy = useRef(false);
  const epoch = useRef(0);

  const cancel = useCallback(() => {
    epoch.current += 1;
    busy.current = false;
    setGenerating(null);
  }, []);

  const choose = useCallback(async (templateId: string, step: DraftStep = 0) => {
    if (busy.current) return; // clicks are ignored while generating
    busy.current = true;
    const mine = ++epoch.current;
    setGenerating({ templateId, step });
    const values = form.getValues();
    const followUp = step > 0 ? values.followUps[step - 1] : null;
    // A follow-up keeps its thread's subject ("Re: ..."): only its content is drafted.
    const fields = followUp
      ? { template: `followUps.${step - 1}.selectedTemplate`, content: `followUps.${step - 1}.content`, subject: null } as const
      : { template: 'selectedTemplate', content: 'emailContent', subject: 'emailSubject' } as const;
    form.setValue(fields.template, templateId);
    const pool = pools.find((p) => String(p.id) === values.talentPoolId);
    const context = [
      `Campaign: ${campaignTypeLabel(values.campaignType)} "${values.name}"`,
      pool ? `Audience: everyone in the talent pool ${pool.name}` : '',
      followUp ? `${followUpLabel(step - 1)}, sent ${delayText(followUp.delayDays, followUp.businessDaysOnly)} to those who did not reply. `
        + `The first email said:\n${values.emailContent}` : '',
    ].filter(Boolean).join('\n');
    const set = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    try {
      const reply = await generateContent({ templateId, prompt, language: values.language, additionalContext: context, channel: 'email' });
      if (mine !== epoch.current) return;
      if (fields.subject && reply.subject) form.setValue(fields.subject, reply.subject, set);
      form.setValue(fields.content, reply.content, set);
      toast({
        title: t('panels.contentGenerated'),
        description: t('panels.contentGeneratedBody', { template: reply.metadata.templateName }),
        variant: 'success',
      });
    } catch {
      if (mine !== epoch.current) return;
      form.setValue(fields.content, draftPlaceholderContent(values.language), set);
      toast({ title: t('panels.wizard.generationFailed'), description: t('panels.wizard.generationFailedBody'), variant: 'warning' });
    } finally {
      if (mine === epoch.current) {
        busy.current = false;
        setGenerating(null);
      }
    }
  }, [form, pools, prompt, t]);

  return { generatingId: generating?.templateId ?? null, generatingStep: generating?.step ?? null, choose, cancel };
}
