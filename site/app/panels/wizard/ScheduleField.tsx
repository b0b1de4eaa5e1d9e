// When the campaign goes out: now, in 1 hour, tomorrow 09:00 (on the interface's clock) or a chosen time (spec §3, §9).
import { Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { computeScheduledAt, SCHEDULE_OPTIONS } from '#app/messaging/schedule.ts';
import { clockFormat } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';

export function ScheduleField({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const t = useT();
  const option = useWatch({ control: form.control, name: 'scheduleOption' });
  const tomorrowMorning = clockFormat().format(computeScheduledAt('tomorrow_morning'));
  return (
    <Stack gap="xs">
      <Controller
        control={form.control}
        name="scheduleOption"
        render={({ field }) => (
          <Radio.Group label={t('panels.launch.schedule')} value={field.value} onChange={(value) => field.onChange(value)}>
            <Stack gap={6} mt={4}>
              {SCHEDULE_OPTIONS.map((value) => <Radio key={value} value={value} label={t(`panels.launch.scheduleOptions.${value}`, { time: tomorrowMorning })} />)}
            </Stack>
          </Radio.Group>
        )}
      />
      {option === 'custom' && (
        <TextInput
          type="datetime-local"
          label={t('panels.launch.sendAt')}
          description={t('panels.launch.sendAtHelp')}
          {...form.register('customScheduledAt')}
        />
      )}
    </Stack>
  );
}
