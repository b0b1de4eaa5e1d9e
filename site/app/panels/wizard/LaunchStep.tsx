// Wizard step 3: the schedule and a summary of what will be sent.
import { Alert, Stack, Table, Text } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { computeScheduledAt } from '#app/messaging/schedule.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { ScheduleField } from './ScheduleField.tsx';

export function LaunchStep({ form, pools, launchError }: { form: UseFormReturn<CampaignFormValues>; pools: TalentPool[]; launchError: string | null }) {
  const values = useWatch({ control: form.control }) as CampaignFormValues;
  const pool = pools.find((p) => String(p.id) === values.talentPoolId);
  const when = computeScheduledAt(values.scheduleOption, new Date(), values.customScheduledAt);
  const rows: [string, string][] = [
    ['Type', campaignTypeLabel(values.campaignType)],
    ['Name', values.name],
    ['Talent pool', pool ? `${pool.name} (${pool.candidateCount})` : values.talentPoolId],
    ['Language', values.language === 'dutch' ? 'Dutch' : 'English'],
    ['Subject', values.emailSubject],
    ['Sends', values.scheduleOption === 'now' || (values.scheduleOption === 'custom' && !values.customScheduledAt) ? 'Now' : formatDateTime(when)],
  ];
  return (
    <Stack gap="md">
      <ScheduleField form={form} />
      <Table withTableBorder data-testid="campaign-summary">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120}>{label}</Table.Th>
              <Table.Td><Text size="sm">{value}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {launchError && <Alert color="red" title="The campaign was not created" data-testid="launch-error">{launchError}</Alert>}
    </Stack>
  );
}
