// Wizard step 2: language, AI template cards, email subject and content (6 rows),
// then the follow-ups (issue 12) and the {{placeholders}} still to fill, which
// keep "Next" disabled (the spec's gating rule extended).
import { Alert, Divider, List, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { defaultSubject, isDefaultSubject } from '#app/messaging/campaignTypes.ts';
import { CAMPAIGN_CONTENT_ROWS, DRAFT_LANGUAGES } from '#app/messaging/constants.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { useT } from '#app/i18n/useT.ts';
import { placeholdersLeft } from '#app/messaging/sequenceForm.ts';
import type { SendTimeFacts } from '#domain/placeholders/placeholders.ts';
import type { Language } from '#domain/schemas/language.ts';
import { FollowUpsSection } from './FollowUpsSection.tsx';
import { TemplateSuggestionCards } from './TemplateSuggestionCards.tsx';
import { WhatsAppStepField } from './WhatsAppStepField.tsx';

interface ContentStepProps {
  form: UseFormReturn<CampaignFormValues>;
  generatingId: string | null;
  /** Which email is being drafted (0 the first, n follow-up n), or null. */
  generatingStep: number | null;
  onChooseTemplate: (templateId: string, step: number) => void;
  /** What the organisation's settings fill when the campaign sends (its company name). */
  sendTime: SendTimeFacts;
}

export function ContentStep({ form, generatingId, generatingStep, onChooseTemplate, sendTime }: ContentStepProps) {
  const { control, register, formState: { errors } } = form;
  const t = useT();
  const languageOptions = DRAFT_LANGUAGES.map((value) => ({ value, label: t(`panels.draftLanguages.${value}`) }));
  const [campaignType, selectedTemplate, emailSubject, emailContent, followUps] = useWatch({
    control, name: ['campaignType', 'selectedTemplate', 'emailSubject', 'emailContent', 'followUps'],
  });
  const toFill = placeholdersLeft({ emailSubject, emailContent, followUps }, sendTime);
  const drafting = generatingId !== null;

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
        <Text size="sm" fw={500} mb={6} id="wizard-language">{t('panels.wizard.language')}</Text>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <SegmentedControl aria-labelledby="wizard-language" data={languageOptions} value={field.value}
              onChange={changeLanguage} disabled={drafting} />
          )}
        />
      </div>
      <TemplateSuggestionCards campaignType={campaignType} selected={selectedTemplate} generatingId={generatingStep === 0 ? generatingId : null}
        busy={drafting} onChoose={(templateId) => onChooseTemplate(templateId, 0)} />
      <TextInput label={t('panels.wizard.emailSubject')} withAsterisk {...register('emailSubject')} error={issueText(errors.emailSubject?.message)} />
      <Textarea
        label={t('panels.wizard.emailContent')}
        withAsterisk
        rows={CAMPAIGN_CONTENT_ROWS}
        readOnly={generatingStep === 0}
        {...register('emailContent')}
        error={issueText(errors.emailContent?.message)}
      />
      <WhatsAppStepField form={form} />
      <Divider label={t('panels.wizard.followUpsDivider')} labelPosition="left" />
      <FollowUpsSection form={form} generatingId={generatingId} generatingStep={generatingStep} onChooseTemplate={onChooseTemplate} />
      {toFill.length > 0 && (
        <Alert color="yellow" title={t('panels.wizard.fillPlaceholders')} data-testid="placeholders-to-fill">
          <List size="sm" spacing={2}>
            {toFill.map(({ where, names }) => (
              <List.Item key={where}>{t('panels.wizard.replace', { where, names: names.map((name) => `{{${name}}}`).join(', ') })}</List.Item>
            ))}
          </List>
          <Text size="sm" mt={6}>
            {t('panels.wizard.placeholdersHelp', { firstName: '{{firstName}}', signature: '{{signature}}' })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
