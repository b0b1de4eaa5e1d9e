// Wizard step 2: language, AI template cards, email subject and content (6 rows).
import { Alert, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { defaultSubject, isDefaultSubject } from '#app/messaging/campaignTypes.ts';
import { CAMPAIGN_CONTENT_ROWS, LANGUAGE_OPTIONS } from '#app/messaging/constants.ts';
import type { Language } from '#domain/ai/schemas.ts';
import { placeholdersToFill } from '#domain/ai/placeholders.ts';
import { TemplateSuggestionCards } from './TemplateSuggestionCards.tsx';

interface ContentStepProps {
  form: UseFormReturn<CampaignFormValues>;
  generatingId: string | null;
  onChooseTemplate: (templateId: string) => void;
}

export function ContentStep({ form, generatingId, onChooseTemplate }: ContentStepProps) {
  const { control, register, formState: { errors } } = form;
  const [campaignType, selectedTemplate, subject, content] = useWatch({
    control, name: ['campaignType', 'selectedTemplate', 'emailSubject', 'emailContent'],
  });
  const toFill = placeholdersToFill(subject, content);

  const changeLanguage = (language: Language) => {
    form.setValue('language', language, { shouldDirty: true });
    // A default subject follows the language; one the recruiter wrote stays.
    if (campaignType && isDefaultSubject(form.getValues('emailSubject'))) {
      form.setValue('emailSubject', defaultSubject(campaignType, language), { shouldDirty: true });
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500} mb={6} id="wizard-language">Language</Text>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <SegmentedControl aria-labelledby="wizard-language" data={LANGUAGE_OPTIONS} value={field.value}
              onChange={changeLanguage} disabled={generatingId !== null} />
          )}
        />
      </div>
      <TemplateSuggestionCards campaignType={campaignType} selected={selectedTemplate} generatingId={generatingId} onChoose={onChooseTemplate} />
      <TextInput label="Email subject" withAsterisk {...register('emailSubject')} error={errors.emailSubject?.message} />
      <Textarea
        label="Email content"
        withAsterisk
        rows={CAMPAIGN_CONTENT_ROWS}
        readOnly={generatingId !== null}
        {...register('emailContent')}
        error={errors.emailContent?.message}
      />
      {toFill.length > 0 && (
        <Alert color="yellow" title="Fill in the placeholders" data-testid="placeholders-to-fill">
          Replace {toFill.map((name) => `{{${name}}}`).join(', ')} before launching.
          Each candidate's own details ({'{{firstName}}'}, ...) are filled in when the mail is sent.
        </Alert>
      )}
    </Stack>
  );
}
