// Issue 14: the campaign's first step can go by an approved WhatsApp template to the candidates who
// allow WhatsApp; the rest get the email above. Templates come from GET /api/whatsapp.
import { Checkbox, Stack, Text } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { useWhatsAppState } from '#app/messaging/whatsapp.ts';
import { WhatsAppTemplateFields } from '../whatsapp/WhatsAppTemplateFields.tsx';

export function WhatsAppStepField({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const t = useT();
  const { control, formState: { errors } } = form;
  const on = useWatch({ control, name: 'whatsappOn' });
  const state = useWhatsAppState(true);
  const configured = state.data?.configured ?? false;
  const templateErrors = errors.whatsappTemplate;
  return (
    <Stack gap="xs" data-testid="wizard-whatsapp">
      <Controller
        control={control}
        name="whatsappOn"
        render={({ field }) => (
          <Checkbox
            label={t('panels.wizard.whatsappOption')}
            checked={field.value}
            disabled={!configured && !field.value}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              if (!event.currentTarget.checked) form.setValue('whatsappTemplate', null);
            }}
          />
        )}
      />
      {state.data && !configured && <Text size="sm" c="dimmed">{t('panels.wizard.whatsappNotConfigured')}</Text>}
      {on && (
        <Controller
          control={control}
          name="whatsappTemplate"
          render={({ field }) => (
            <WhatsAppTemplateFields templates={state.data?.templates ?? []} value={field.value} onChange={field.onChange}
              errors={{
                name: templateErrors?.name?.message,
                parameters: Array.isArray(templateErrors?.parameters)
                  ? (templateErrors.parameters as ({ message?: string } | undefined)[]).map((e) => e?.message) : undefined,
              }} />
          )}
        />
      )}
    </Stack>
  );
}
