// AI drafting in the compose dialog (spec §4, §5, §8): checks the template
// and prompt, shows the robot placeholder while the AI writes (60 s time-out),
// fills the content (and subject) or clears it and says why.
import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { aiPlaceholderText } from '#app/messaging/aiPlaceholder.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { generateContent } from '#app/messaging/queries.ts';
import { MANUAL_TEMPLATE } from '#domain/ai/schemas.ts';
import { isGenerationTimeout } from '#domain/ai/generation-timeout.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { toast } from '#app/toast/toast.ts';
import { useT } from '#app/i18n/useT.ts';

interface Options {
  form: UseFormReturn<MessageFormValues>;
  candidates: Candidate[];
  pools: TalentPool[];
}

function candidateData(candidate: Candidate) {
  const { id, name, jobFunction, skillTags, location, preferredRole, seniorityLevel } = candidate;
  return { id, name, jobFunction, skillTags, location, preferredRole, seniorityLevel };
}

export function useComposeGeneration({ form, candidates, pools }: Options) {
  const t = useT();
  const [generating, setGenerating] = useState(false);
  // Bumped when the form resets, so a late answer cannot fill a fresh form.
  const epoch = useRef(0);
  // The subject the AI last wrote: replaced by the next draft, unlike one the recruiter typed.
  const aiSubject = useRef<string | null>(null);

  const cancel = useCallback(() => {
    epoch.current += 1;
    aiSubject.current = null;
    setGenerating(false);
  }, []);

  const generate = useCallback(async (regenerate: boolean) => {
    const values = form.getValues();
    // Say which of the two is missing, and take the recruiter to it.
    const noTemplate = values.selectedTemplate === MANUAL_TEMPLATE || !values.selectedTemplate;
    const noPrompt = !values.aiPrompt.trim();
    if (noTemplate || noPrompt) {
      const body = noTemplate && noPrompt ? 'missingInfoBody' : noTemplate ? 'missingTemplateBody' : 'missingPromptBody';
      toast({ title: t('panels.compose.missingInfo'), description: t(`panels.compose.${body}`), variant: 'warning' });
      form.setFocus(noTemplate ? 'selectedTemplate' : 'aiPrompt');
      return;
    }
    const mine = ++epoch.current;
    setGenerating(true);
    form.setValue('content', aiPlaceholderText(regenerate));

    const candidate = values.recipientType === 'individual' ? candidates.find((c) => c.id === values.candidateId) : undefined;
    const pool = values.recipientType === 'pool' ? pools.find((p) => p.id === values.talentPoolId) : undefined;
    const context = [
      candidate ? `Recipient: one candidate, ${candidate.name}` : pool ? `Recipient: everyone in the talent pool ${pool.name}` : '',
      regenerate ? 'Write a fresh version with a different angle from the previous draft.' : '',
    ].filter(Boolean).join('\n');

    try {
      const reply = await generateContent({
        templateId: values.selectedTemplate,
        prompt: values.aiPrompt.trim(),
        language: values.language,
        additionalContext: context,
        ...(candidate ? { candidateData: candidateData(candidate) } : {}),
        channel: values.channel,
      });
      if (mine !== epoch.current) return;
      form.setValue('content', reply.content, { shouldValidate: true, shouldDirty: true });
      const subject = form.getValues('subject');
      if (reply.subject && (!subject.trim() || subject === aiSubject.current)) {
        form.setValue('subject', reply.subject, { shouldValidate: true, shouldDirty: true });
        aiSubject.current = reply.subject;
      }
      toast({ title: t('panels.contentGenerated'), description: t('panels.contentGeneratedBody', { template: reply.metadata.templateName }), variant: 'success' });
    } catch (error) {
      if (mine !== epoch.current) return;
      form.setValue('content', '');
      if (isGenerationTimeout(error)) {
        toast({ title: t('panels.compose.timeout'), description: t('panels.compose.timeoutBody'), variant: 'destructive' });
      } else {
        toast({ title: t('panels.compose.generationFailed'), description: errorText(error, t('panels.compose.generationFailedBody')), variant: 'destructive' });
      }
    } finally {
      if (mine === epoch.current) setGenerating(false);
    }
  }, [form, candidates, pools, t]);

  return { generating, generate, cancel };
}
