// Wizard step 3: the schedule (with the send window and "join late"), who will
// receive it now, and a summary of what will be sent. Launching to no one asks first.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { computeScheduledAt } from '#app/messaging/schedule.ts';
import { delayText, followUpSubjects } from '#app/messaging/sequenceForm.ts';
import type { PoolReach, TalentPool } from '#domain/talent-pools/schemas.ts';
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
  const values = useWatch({ control: form.control }) as CampaignFormValues;
  const pool = pools.find((p) => String(p.id) === values.talentPoolId);
  const when = computeScheduledAt(values.scheduleOption, new Date(), values.customScheduledAt);
  const subjects = followUpSubjects(values);
  const rows: [string, string][] = [
    ['Type', campaignTypeLabel(values.campaignType)],
    ['Name', values.name],
    ['Talent pool', pool ? `${pool.name} (${pool.candidateCount})` : values.talentPoolId],
    ['Language', values.language === 'dutch' ? 'Dutch' : 'English'],
    ['Subject', values.emailSubject],
    ['Sends', values.scheduleOption === 'now' || (values.scheduleOption === 'custom' && !values.customScheduledAt) ? 'Now' : formatDateTime(when)],
    ...values.followUps.map((f, i): [string, string] => [`Follow-up ${i + 1}`, `${delayText(f.delayDays, f.businessDaysOnly)}: ${subjects[i]}`]),
  ];
  if (values.sendWindowOn) {
    const { start, end, weekdaysOnly, candidateTimeZone } = values.sendWindow;
    rows.push(['Send window', [`${start}-${end}`, weekdaysOnly ? 'weekdays' : '', candidateTimeZone ? "candidate's time zone" : "organisation's time zone"].filter(Boolean).join(', ')]);
  }
  if (values.joinLate) rows.push(['Join late', 'Candidates added to the pool later join']);

  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (confirmingEmpty) confirmButton.current?.focus(); }, [confirmingEmpty]);

  return (
    <Stack gap="md">
      <ScheduleField form={form} />
      <SendOptionsField form={form} />
      <ReachSummary reach={reach} />
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
      {confirmingEmpty && (
        <Alert color="orange" title="No one can receive this campaign now" data-testid="confirm-empty-launch">
          <Text size="sm">
            None of the pool&apos;s candidates can be emailed now. Launch anyway?{values.joinLate ? ' Candidates added later will still join.' : ''}
          </Text>
          <Group gap="sm" mt="sm">
            <Button ref={confirmButton} color="orange" onClick={onConfirmEmpty}>Launch anyway</Button>
            <Button variant="default" onClick={onCancelEmpty}>Don&apos;t launch</Button>
          </Group>
        </Alert>
      )}
      {launchError && <Alert color="red" title="The campaign was not created" data-testid="launch-error">{launchError}</Alert>}
    </Stack>
  );
}
