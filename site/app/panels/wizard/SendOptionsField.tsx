// Next to the schedule (issue 12): a send window in each candidate's morning, and
// whether candidates added to the pool later join. Both off by default, so the
// spec's schedule options keep their meaning.
import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { sendWindowProblems } from '#app/messaging/sequenceForm.ts';

export function SendOptionsField({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const { control, register } = form;
  const [sendWindowOn, sendWindow] = useWatch({ control, name: ['sendWindowOn', 'sendWindow'] });
  const [problem] = sendWindowProblems({ sendWindowOn, sendWindow });
  return (
    <Stack gap="xs" data-testid="send-options">
      <Checkbox
        label={`Send between ${sendWindow.start || '--:--'} and ${sendWindow.end || '--:--'}`}
        description="Each step waits for this window; the schedule above is the earliest time"
        {...register('sendWindowOn')}
      />
      {sendWindowOn && (
        <Stack gap="xs" pl="xl">
          <Group gap="sm" align="flex-start">
            <TextInput type="time" label="From" w={130} {...register('sendWindow.start')} />
            <TextInput type="time" label="Until" w={130} {...register('sendWindow.end')} error={problem} />
          </Group>
          <Checkbox label="Weekdays only" {...register('sendWindow.weekdaysOnly')} />
          <Checkbox
            label="In each candidate's time zone"
            description="Otherwise in the organisation's time zone"
            {...register('sendWindow.candidateTimeZone')}
          />
        </Stack>
      )}
      <Checkbox label="Candidates added to the pool later join this campaign" {...register('joinLate')} />
    </Stack>
  );
}
