// Drafting in the wizard: choosing a template card generates subject and
// content; on failure a draft to edit goes in the content field (spec §4, §8).
import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { draftPlaceholderContent } from '#app/messaging/draftContent.ts';
import { generateContent } from '#app/messaging/queries.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { toast } from '#app/toast/toast.ts';

export function useWizardGeneration(form: UseFormReturn<CampaignFormValues>, pools: TalentPool[], prompt: string) {
  const [generatingId, setGeneratingId] = useState<string | null>(null);
  const busy = useRef(false);
  const epoch = useRef(0);

  const cancel = useCallback(() => {
    epoch.current += 1;
    busy.current = false;
    setGeneratingId(null);
  }, []);

  const choose = useCallback(async (templateId: string) => {
    if (busy.current) return; // clicks are ignored while generating
    busy.current = true;
    const mine = ++epoch.current;
    setGeneratingId(templateId);
    const values = form.getValues();
    form.setValue('selectedTemplate', templateId);
    const pool = pools.find((p) => String(p.id) === values.talentPoolId);
    const context = [
      `Campaign: ${campaignTypeLabel(values.campaignType)} "${values.name}"`,
      pool ? `Audience: everyone in the talent pool ${pool.name}` : '',
    ].filter(Boolean).join('\n');
    const set = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    try {
      const reply = await generateContent({ templateId, prompt, language: values.language, additionalContext: context, channel: 'email' });
      if (mine !== epoch.current) return;
      if (reply.subject) form.setValue('emailSubject', reply.subject, set);
      form.setValue('emailContent', reply.content, set);
      toast({
        title: 'Content Generated',
        description: `AI content generated using the ${reply.metadata.templateName} template.`,
        variant: 'success',
      });
    } catch {
      if (mine !== epoch.current) return;
      form.setValue('emailContent', draftPlaceholderContent(values.language), set);
      toast({ title: 'Content Generation Failed', description: 'Please edit the draft content before sending your campaign.', variant: 'warning' });
    } finally {
      if (mine === epoch.current) {
        busy.current = false;
        setGeneratingId(null);
      }
    }
  }, [form, pools, prompt]);

  return { generatingId, choose, cancel };
}
