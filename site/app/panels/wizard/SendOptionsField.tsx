// Next to the schedule (issue 12): a send window in each candidate's morning, and
// whether candidates added to the pool later join. Both off by default, so the
// spec's schedule options keep their meaning.
import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { sendWindowProblems } from '#app/messaging/sequenceForm.ts';
import { formatClockTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';

export function SendOptionsField({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const { control, register } = form;
  const t = useT();
  const [sendWindowOn, sendWindow] = useWatch({ control, name: ['sendWindowOn', 'sendWindow'] });
  const [problem] = sendWindowProblems({ sendWindowOn, sendWindow });
  return (
    <Stack gap="xs" data-testid="send-options">
      <Checkbox
        label={t('panels.launch.sendBetween', { start: formatClockTime(sendWindow.start) || '--:--', end: formatClockTime(sendWindow.end) || '--:--' })}
        description={t('panels.launch.sendWindowHelp')}
        {...register('sendWindowOn')}
      />
      {sendWindowOn && (
        <Stack gap="xs" pl="xl">
          <Group gap="sm" align="flex-start">
            <TextInput type="time" label={t('panels.launch.from')} w={130} {...register('sendWindow.start')} />
            <TextInput type="time" label={t('panels.launch.until')} w={130} {...register('sendWindow.end')} error={problem} />
          </Group>
          <Checkbox label={t('panels.launch.weekdaysOnly')} {...register('sendWindow.weekdaysOnly')} />
          <Checkbox
            label={t('panels.launch.candidateZone')}
            description={t('panels.launch.candidateZoneHelp')}
            {...register('sendWindow.candidateTimeZone')}
          />
        </Stack>
      )}
      <Checkbox label={t('panels.launch.joinLateOption')} {...register('joinLate')} />
    </Stack>
  );
}
