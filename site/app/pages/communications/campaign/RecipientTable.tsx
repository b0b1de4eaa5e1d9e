// The campaign's recipients: status, why they did not get it, opened (by a
// person or only by a machine), clicked, replied with sentiment, booked; in a
// sequence also the step reached, why they left it, and "Take out" by hand;
// filtered by what happened, 100 at a time.
import { Alert, Badge, Button, Center, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { toast } from '#app/toast/toast.ts';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import type { CampaignRecipient, RecipientFilter } from '#domain/campaigns/schemas.ts';
import { useCampaignRecipients, useRemoveRecipient } from './queries.ts';

/** The "Show" filter's options, in the order shown (labels: communications.recipients.filters). */
export const FILTERS: Array<RecipientFilter | 'all'> = [
  'all', 'pending', 'sent', 'skipped', 'failed', 'opened', 'clicked', 'replied', 'booked', 'not_delivered', 'exited',
];

// Called while rendering the rows (which follow the language through useT).
const yes = (value: boolean) => (value ? i18n.t('communications.recipients.yes') : '—');

function opened(r: CampaignRecipient): string {
  if (r.humanOpened) return i18n.t('communications.recipients.yes');
  return r.opened ? i18n.t('communications.recipients.machineOnly') : '—';
}

function replied(r: CampaignRecipient): string {
  if (!r.replied) return '—';
  return r.sentiment
    ? i18n.t('communications.recipients.repliedWith', { sentiment: i18n.t(`communications.recipients.sentiments.${r.sentiment}`) })
    : i18n.t('communications.recipients.yes');
}

/** What the table knows of the campaign: whether it has follow-ups, and whether it still runs. */
interface SequenceInfo { campaignId: number; steps: number; running: boolean }

function SequenceCell({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  const remove = useRemoveRecipient(sequence.campaignId);
  const t = useT();
  const canRemove = sequence.running && !r.exitReason && (r.status === 'pending' || r.status === 'sent');
  return (
    <Table.Td>
      <Text size="sm">{t('communications.recipients.step', { step: r.currentStep, steps: sequence.steps })}</Text>
      {r.exitReason && (
        <Text size="xs" c="dimmed" data-testid="recipient-exit">
          {t('communications.recipients.left', { reason: t(`communications.recipients.exitReasons.${r.exitReason}`) })}{r.exitedAt ? `, ${formatDateTime(r.exitedAt)}` : ''}
        </Text>
      )}
      {canRemove && (
        <Button variant="subtle" size="compact-xs" color="red" loading={remove.isPending}
          aria-label={t('communications.recipients.takeOutLabel', { name: r.candidate.name })}
          onClick={() => remove.mutate(r.candidate.id, {
            onSuccess: () => toast({ title: t('communications.recipients.takenOut'), description: t('communications.recipients.takenOutBody', { name: r.candidate.name }), variant: 'success' }),
            onError: (error) => toast({ title: t('communications.recipients.takeOutFailed'), description: errorText(error), variant: 'destructive' }),
          })}>
          {t('communications.recipients.takeOut')}
        </Button>
      )}
    </Table.Td>
  );
}

function RecipientRow({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  const t = useT();
  return (
    <Table.Tr data-testid={`recipient-${r.candidate.id}`}>
      <Table.Td>
        <Text size="sm" fw={500}>{r.candidate.name}</Text>
        {r.sentAt && <Text size="xs" c="dimmed">{t('communications.recipients.sentAt', { date: formatDateTime(r.sentAt) })}</Text>}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={r.status === 'sent' && !r.bounced ? 'green' : r.status === 'pending' ? 'blue' : 'gray'}>
          {t(`communications.recipients.statuses.${r.bounced ? 'bounced' : r.status}`)}
        </Badge>
        {r.skipReason && <Text size="xs" c="dimmed" data-testid="recipient-reason">{codeText(r.skipReasonCode, r.skipReasonParams, r.skipReason)}</Text>}
      </Table.Td>
      {sequence.steps > 1 && <SequenceCell recipient={r} sequence={sequence} />}
      <Table.Td><Text size="sm">{opened(r)}</Text></Table.Td>
      <Table.Td><Text size="sm">{yes(r.clicked)}</Text></Table.Td>
      <Table.Td><Text size="sm">{replied(r)}</Text></Table.Td>
      <Table.Td><Text size="sm">{yes(r.booked)}</Text></Table.Td>
    </Table.Tr>
  );
}

export function RecipientTable({ campaignId, live, steps = 1, running = false }: {
  campaignId: number;
  live: boolean;
  /** How many steps the campaign has (1 without follow-ups: no sequence column). */
  steps?: number;
  /** Sending or paused: a recipient can still be taken out. */
  running?: boolean;
}) {
  const [filter, setFilter] = useState<RecipientFilter | 'all'>('all');
  const t = useT();
  const recipients = useCampaignRecipients(campaignId, filter === 'all' ? null : filter, live);
  const rows = recipients.data?.pages.flatMap((page) => page.recipients) ?? [];
  return (
    <Stack gap="xs" data-testid="campaign-recipients">
      <NativeSelect label={t('communications.recipients.show')} value={filter} maw={260}
        onChange={(event) => setFilter(event.currentTarget.value as RecipientFilter | 'all')}
        data={FILTERS.map((value) => ({ value, label: t(`communications.recipients.filters.${value}`) }))} />
      {recipients.isError ? (
        <Alert color="red" title={t('communications.recipients.loadFailed')}>{errorText(recipients.error)}</Alert>
      ) : recipients.isPending ? (
        <Center py="md"><Loader size="sm" aria-label={t('communications.recipients.loading')} /></Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">{t('communications.recipients.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('communications.recipients.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('communications.recipients.columns.candidate')}</Table.Th><Table.Th>{t('communications.recipients.columns.status')}</Table.Th>
                {steps > 1 && <Table.Th>{t('communications.recipients.columns.sequence')}</Table.Th>}<Table.Th>{t('communications.recipients.columns.opened')}</Table.Th>
                <Table.Th>{t('communications.recipients.columns.clicked')}</Table.Th><Table.Th>{t('communications.recipients.columns.replied')}</Table.Th>
                <Table.Th>{t('communications.recipients.columns.booked')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => <RecipientRow key={r.candidate.id} recipient={r} sequence={{ campaignId, steps, running }} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {recipients.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => void recipients.fetchNextPage()} loading={recipients.isFetchingNextPage}>
          {t('communications.recipients.showMore')}
        </Button>
      )}
    </Stack>
  );
}
