// Wizard step 1: campaign type, name and talent pool.
import { Select, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { applyCampaignTypeDefaults, isDefaultCampaignName } from '#app/messaging/campaignTypes.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { useT } from '#app/i18n/useT.ts';
import type { CampaignType } from '#domain/ai/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { CampaignTypeCards } from './CampaignTypeCards.tsx';

export function BasicInfoStep({ form, pools }: { form: UseFormReturn<CampaignFormValues>; pools: TalentPool[] }) {
  const { control, register, formState: { errors } } = form;
  const t = useT();
  const campaignType = useWatch({ control, name: 'campaignType' });

  const chooseType = (type: CampaignType) => {
    const defaults = applyCampaignTypeDefaults(form.getValues(), type);
    const set = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    form.setValue('campaignType', type, set);
    form.setValue('name', defaults.name, set);
    form.setValue('scheduleOption', defaults.scheduleOption, { shouldDirty: true });
    // The subject is on the next step: filled, but not flagged before the recruiter gets there.
    form.setValue('emailSubject', defaults.emailSubject, { shouldDirty: true });
  };

  return (
    <Stack gap="md">
      <CampaignTypeCards value={campaignType} onChange={chooseType} error={issueText(errors.campaignType?.message)} />
      {/* The filled-in name is selected as focus arrives, so what the recruiter types replaces it: Mantine's dialogs
          move focus on Tab themselves, without the browser's selecting of a field's text (issue 27). */}
      <TextInput label={t('panels.wizard.campaignName')} withAsterisk {...register('name')} error={issueText(errors.name?.message)}
        onFocus={(event) => { if (isDefaultCampaignName(event.currentTarget.value, form.getValues('campaignType'))) event.currentTarget.select(); }} />
      <Controller
        control={control}
        name="talentPoolId"
        render={({ field, fieldState }) => (
          <Select
            label={t('panels.wizard.talentPool')}
            placeholder={t('panels.wizard.selectPool')}
            withAsterisk
            searchable
            data={pools.map((p) => ({ value: String(p.id), label: `${p.name} (${p.candidateCount})` }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={issueText(fieldState.error?.message)}
            nothingFoundMessage={t('panels.wizard.noPools')}
            data-testid="wizard-pool-select"
          />
        )}
      />
    </Stack>
  );
}
