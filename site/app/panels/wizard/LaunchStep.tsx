// Wizard step 3: the schedule (with the send window and "join late"), who will
// receive it now, a summary of what will be sent and a preview for one of the pool's members. Launching to no one
// asks first.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { formatClockTime, formatDateTime } from '#app/i18n/format.ts';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { useT } from '#app/i18n/useT.ts';
import { sendMoment } from '#app/messaging/schedule.ts';
import { delayLabel, followUpName, followUpSubjects } from '#app/messaging/sequenceForm.ts';
import type { PoolReach, TalentPool } from '#domain/talent-pools/schemas.ts';
import { EmailPreview } from './EmailPreview.tsx';
import { ReachSummary } from './ReachSummary.tsx';
import { ScheduleField } from './ScheduleField.tsx';
import { SendOptionsField } from './SendOptionsField.tsx';

interface LaunchStepProps {
  form: UseFormReturn<CampaignFormValues>;
  pools: TalentPool[];
  launchError: string | null;
  reach: UseQueryResult<PoolReach>;
  /** The recruiter launched to 0 eligible recipients: ask before it goes. */
  confirmingEmpty: boolean;
  onConfirmEmpty: () => void;
  onCancelEmpty: () => void;
}

export function LaunchStep({ form, pools, launchError, reach, confirmingEmpty, onConfirmEmpty, onCancelEmpty }: LaunchStepProps) {
  const t = useT();
  const values = useWatch({ control: form.control }) as CampaignFormValues;
  const pool = pools.find((p) => String(p.id) === values.talentPoolId);
  // One moment for the reach's sentence and the summary's "Sends" (null: now).
  const sendsAt = sendMoment(values.scheduleOption, new Date(), values.customScheduledAt);
  const subjects = followUpSubjects(values);
  const rows: [string, string][] = [
    [t('panels.launch.summary.type'), values.campaignType ? t(`panels.campaignTypes.${values.campaignType}.label`) : ''],
    [t('panels.launch.summary.name'), values.name],
    [t('panels.launch.summary.talentPool'), pool ? `${pool.name} (${pool.candidateCount})` : values.talentPoolId],
    [t('panels.launch.summary.language'), t(`panels.draftLanguages.${values.language === 'dutch' ? 'dutch' : 'english'}`)],
    [t('panels.launch.summary.subject'), values.emailSubject],
    [t('panels.launch.summary.sends'), sendsAt ? formatDateTime(sendsAt) : t('panels.launch.summary.now')],
    ...values.followUps.map((f, i): [string, string] => [followUpName(i), `${delayLabel(f.delayDays, f.businessDaysOnly)}: ${subjects[i]}`]),
  ];
  if (values.sendWindowOn) {
    const { start, end, weekdaysOnly, candidateTimeZone } = values.sendWindow;
    rows.push([t('panels.launch.summary.sendWindow'), [
      `${formatClockTime(start)} – ${formatClockTime(end)}`,
      weekdaysOnly ? t('panels.launch.summary.weekdays') : '',
      candidateTimeZone ? t('panels.launch.summary.candidateZone') : t('panels.launch.summary.organisationZone'),
    ].filter(Boolean).join(', ')]);
  }
  if (values.whatsappOn && values.whatsappTemplate) {
    const template = `${values.whatsappTemplate.name} (${t(`panels.whatsapp.templateLanguages.${values.whatsappTemplate.language}`)})`;
    rows.push([t('panels.launch.summary.whatsapp'), t('panels.launch.summary.whatsappValue', { template })]);
  }
  if (values.joinLate) rows.push([t('panels.launch.summary.joinLate'), t('panels.launch.summary.joinLateValue')]);

  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (confirmingEmpty) confirmButton.current?.focus(); }, [confirmingEmpty]);

  return (
    <Stack gap="md">
      <ScheduleField form={form} />
      <SendOptionsField form={form} />
      <ReachSummary reach={reach} sendsAt={sendsAt} />
      <Table withTableBorder data-testid="campaign-summary">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120}>{label}</Table.Th>
              <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{value}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <EmailPreview form={form} />
      {confirmingEmpty && (
        <Alert color="orange" title={t('panels.launch.emptyTitle')} data-testid="confirm-empty-launch">
          <Text size="sm">
            {t('panels.launch.emptyBody')}{values.joinLate ? t('panels.launch.emptyJoinLate') : ''}
          </Text>
          <Group gap="sm" mt="sm">
            <Button ref={confirmButton} color="orange" onClick={onConfirmEmpty}>{t('panels.launch.launchAnyway')}</Button>
            <Button variant="default" onClick={onCancelEmpty}>{t('panels.launch.dontLaunch')}</Button>
          </Group>
        </Alert>
      )}
      {launchError && <Alert color="red" title={t('panels.launch.notCreated')} data-testid="launch-error">{launchError}</Alert>}
    </Stack>
  );
}
