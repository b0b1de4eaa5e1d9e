// When the campaign goes out: now, in 1 hour, tomorrow 09:00 or a chosen time (spec §3, §9).
import { Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { SCHEDULE_OPTIONS } from '#app/messaging/schedule.ts';

export function ScheduleField({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const option = useWatch({ control: form.control, name: 'scheduleOption' });
  return (
    <Stack gap="xs">
      <Controller
        control={form.control}
        name="scheduleOption"
        render={({ field }) => (
          <Radio.Group label="Schedule" value={field.value} onChange={(value) => field.onChange(value)}>
            <Stack gap={6} mt={4}>
              {SCHEDULE_OPTIONS.map((o) => <Radio key={o.value} value={o.value} label={o.label} />)}
            </Stack>
          </Radio.Group>
        )}
      />
      {option === 'custom' && (
        <TextInput
          type="datetime-local"
          label="Send at"
          description="Leave empty to send now"
          {...form.register('customScheduledAt')}
        />
      )}
    </Stack>
  );
}
