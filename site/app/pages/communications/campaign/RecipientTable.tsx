// The campaign's recipients: status, why they did not get it, opened (by a
// person or only by a machine), clicked, replied with sentiment, booked; in a
// sequence also the step reached, why they left it, and "Take out" by hand;
// filtered by what happened, 100 at a time.
import { Alert, Badge, Button, Center, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { toast } from '#app/toast/toast.ts';
import { EXIT_REASON_LABELS } from '#domain/campaigns/sequence-schemas.ts';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { CampaignRecipient, RecipientFilter } from '#domain/campaigns/schemas.ts';
import { useCampaignRecipients, useRemoveRecipient } from './queries.ts';

export const FILTER_LABELS: Record<RecipientFilter | 'all', string> = {
  all: 'All recipients',
  pending: 'Pending',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
  opened: 'Opened',
  clicked: 'Clicked',
  replied: 'Replied',
  booked: 'Booked a meeting',
  not_delivered: 'Not delivered (why)',
  exited: 'Left the sequence (why)',
};

const yes = (value: boolean) => (value ? 'Yes' : '—');

function opened(r: CampaignRecipient): string {
  if (r.humanOpened) return 'Yes';
  return r.opened ? 'Machine only' : '—';
}

/** What the table knows of the campaign: whether it has follow-ups, and whether it still runs. */
interface SequenceInfo { campaignId: number; steps: number; running: boolean }

function SequenceCell({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  const remove = useRemoveRecipient(sequence.campaignId);
  const canRemove = sequence.running && !r.exitReason && (r.status === 'pending' || r.status === 'sent');
  return (
    <Table.Td>
      <Text size="sm">Step {r.currentStep} of {sequence.steps}</Text>
      {r.exitReason && (
        <Text size="xs" c="dimmed" data-testid="recipient-exit">
          Left: {EXIT_REASON_LABELS[r.exitReason]}{r.exitedAt ? `, ${formatDateTime(r.exitedAt)}` : ''}
        </Text>
      )}
      {canRemove && (
        <Button variant="subtle" size="compact-xs" color="red" loading={remove.isPending}
          aria-label={`Take ${r.candidate.name} out of the sequence`}
          onClick={() => remove.mutate(r.candidate.id, {
            onSuccess: () => toast({ title: 'Taken out of the sequence', description: `${r.candidate.name} gets no further steps.`, variant: 'success' }),
            onError: (error) => toast({ title: 'Could not take them out', description: error.message, variant: 'destructive' }),
          })}>
          Take out
        </Button>
      )}
    </Table.Td>
  );
}

function RecipientRow({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  return (
    <Table.Tr data-testid={`recipient-${r.candidate.id}`}>
      <Table.Td>
        <Text size="sm" fw={500}>{r.candidate.name}</Text>
        {r.sentAt && <Text size="xs" c="dimmed">Sent {formatDateTime(r.sentAt)}</Text>}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={r.status === 'sent' && !r.bounced ? 'green' : r.status === 'pending' ? 'blue' : 'gray'}>
          {r.bounced ? 'bounced' : r.status}
        </Badge>
        {r.skipReason && <Text size="xs" c="dimmed" data-testid="recipient-reason">{r.skipReason}</Text>}
      </Table.Td>
      {sequence.steps > 1 && <SequenceCell recipient={r} sequence={sequence} />}
      <Table.Td><Text size="sm">{opened(r)}</Text></Table.Td>
      <Table.Td><Text size="sm">{yes(r.clicked)}</Text></Table.Td>
      <Table.Td><Text size="sm">{r.replied ? `Yes${r.sentiment ? ` (${r.sentiment})` : ''}` : '—'}</Text></Table.Td>
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
  const recipients = useCampaignRecipients(campaignId, filter === 'all' ? null : filter, live);
  const rows = recipients.data?.pages.flatMap((page) => page.recipients) ?? [];
  return (
    <Stack gap="xs" data-testid="campaign-recipients">
      <NativeSelect label="Show" value={filter} maw={260}
        onChange={(event) => setFilter(event.currentTarget.value as RecipientFilter | 'all')}
        data={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))} />
      {recipients.isError ? (
        <Alert color="red" title="Could not load the recipients">{errorText(recipients.error)}</Alert>
      ) : recipients.isPending ? (
        <Center py="md"><Loader size="sm" aria-label="Loading recipients" /></Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">No recipients here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Recipients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Candidate</Table.Th><Table.Th>Status</Table.Th>{steps > 1 && <Table.Th>Sequence</Table.Th>}<Table.Th>Opened</Table.Th>
                <Table.Th>Clicked</Table.Th><Table.Th>Replied</Table.Th><Table.Th>Booked</Table.Th>
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
          Show more recipients
        </Button>
      )}
    </Stack>
  );
}
