// The campaign's recipients: status, why they did not get it, opened (by a
// person or only by a machine), clicked, replied with sentiment, booked; in a
// sequence also the step reached, why they left it or until when an
// out-of-office pauses it, and "Take out" by hand;
// filtered by what happened and searched by name or address, a page at a time.
import { Alert, Badge, Button, Card, Center, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { toast } from '#app/toast/toast.ts';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { formatDate } from '#app/i18n/format.ts';
import { usePhone } from '#app/lib/usePhone.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import type { CampaignDetail, CampaignRecipient } from '#domain/campaigns/schemas.ts';
import { FILTER_DEBOUNCE_MS as SEARCH_DEBOUNCE_MS } from '#app/pages/people/useDebouncedFilters.ts';
import { ListPagination } from '#app/pages/people/ListPagination.tsx';
import { RECIPIENT_SHOW, RECIPIENTS_PER_PAGE, type CampaignPageSearch } from './pageParams.ts';
import { useCampaignRecipients, useRemoveRecipient } from './queries.ts';

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

function SequenceState({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  const remove = useRemoveRecipient(sequence.campaignId);
  const t = useT();
  const canRemove = sequence.running && !r.exitReason && (r.status === 'pending' || r.status === 'sent');
  return (
    <>
      <Text size="sm">{t('communications.recipients.step', { step: r.currentStep, steps: sequence.steps })}</Text>
      {r.outOfOfficeUntil && (
        <Text size="xs" c="dimmed" data-testid="recipient-out-of-office">
          {t('communications.recipients.outOfOffice', { date: formatDate(r.outOfOfficeUntil) })}
        </Text>
      )}
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
    </>
  );
}

function Who({ recipient: r }: { recipient: CampaignRecipient }) {
  const t = useT();
  return (
    <>
      <Text size="sm" fw={500}>{r.candidate.name}</Text>
      {r.sentAt && <Text size="xs" c="dimmed">{t('communications.recipients.sentAt', { date: formatDateTime(r.sentAt) })}</Text>}
    </>
  );
}

function Delivery({ recipient: r }: { recipient: CampaignRecipient }) {
  const t = useT();
  return (
    <>
      <Badge variant="light" color={r.status === 'sent' && !r.bounced ? 'green' : r.status === 'pending' ? 'blue' : 'gray'}>
        {t(`communications.recipients.statuses.${r.bounced ? 'bounced' : r.status}`)}
      </Badge>
      {r.skipReason && <Text size="xs" c="dimmed" data-testid="recipient-reason">{codeText(r.skipReasonCode, r.skipReasonParams, r.skipReason)}</Text>}
    </>
  );
}

const RESULT_COLUMNS = ['opened', 'clicked', 'replied', 'booked'] as const;

/** What the recipient did, in the table's column order. */
const results = (r: CampaignRecipient) => RESULT_COLUMNS.map((column) => [column, column === 'opened' ? opened(r) : column === 'replied' ? replied(r) : yes(r[column])] as const);

function RecipientRow({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  return (
    <Table.Tr data-testid={`recipient-${r.candidate.id}`}>
      <Table.Td><Who recipient={r} /></Table.Td>
      <Table.Td><Delivery recipient={r} /></Table.Td>
      {sequence.steps > 1 && <Table.Td><SequenceState recipient={r} sequence={sequence} /></Table.Td>}
      {results(r).map(([column, value]) => <Table.Td key={column}><Text size="sm">{value}</Text></Table.Td>)}
    </Table.Tr>
  );
}

/** On a phone: the same parts stacked, each result named. */
function RecipientCard({ recipient: r, sequence }: { recipient: CampaignRecipient; sequence: SequenceInfo }) {
  const t = useT();
  return (
    <Card withBorder padding="sm" role="listitem" data-testid={`recipient-${r.candidate.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div><Who recipient={r} /></div>
        <Stack gap={2} align="flex-end"><Delivery recipient={r} /></Stack>
      </Group>
      {sequence.steps > 1 && <div><SequenceState recipient={r} sequence={sequence} /></div>}
      <Text size="xs" mt={4} data-testid="recipient-results">
        {results(r).map(([column, value]) => `${t(`communications.recipients.columns.${column}`)}: ${value}`).join(' · ')}
      </Text>
    </Card>
  );
}

export function RecipientTable({ campaignId, status, steps = 1, running = false, search, onSearch }: {
  campaignId: number;
  status: CampaignDetail['status'];
  /** How many steps the campaign has (1 without follow-ups: no sequence column). */
  steps?: number;
  /** Sending or paused: a recipient can still be taken out. */
  running?: boolean;
  /** The filter, search and page, from the URL. */
  search: CampaignPageSearch;
  onSearch: (changes: CampaignPageSearch) => void;
}) {
  const t = useT();
  const phone = usePhone();
  const show = search.show ?? 'all';
  const page = search.page ?? 1;
  // A new filter or search starts at page 1.
  const [typed, setTyped] = useTypedSearch(search.q ?? '', (q) => onSearch({ q: q || undefined, page: undefined }));
  const recipients = useCampaignRecipients(campaignId, { show: show === 'all' ? null : show, q: (search.q ?? '').trim(), page }, status);
  const rows = recipients.data?.recipients ?? [];
  const total = recipients.data?.total ?? 0;
  return (
    <Stack gap="xs" data-testid="campaign-recipients">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect label={t('communications.recipients.show')} value={show} w={{ base: '100%', xs: 240 }}
          onChange={(event) => onSearch({ show: RECIPIENT_SHOW.find((value) => value === event.currentTarget.value), page: undefined })}
          data={RECIPIENT_SHOW.map((value) => ({ value, label: t(`communications.recipients.filters.${value}`) }))} />
        <TextInput label={t('communications.recipients.search')} placeholder={t('communications.recipients.searchPlaceholder')}
          type="search" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={{ base: '100%', xs: 280 }} />
      </Group>
      {recipients.isError ? (
        <Alert color="red" title={t('communications.recipients.loadFailed')}>{errorText(recipients.error)}</Alert>
      ) : recipients.isPending ? (
        <Center py="md"><Loader size="sm" aria-label={t('communications.recipients.loading')} /></Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">{t('communications.recipients.none')}</Text>
      ) : phone ? (
        <Stack gap="xs" role="list" aria-label={t('communications.recipients.table')} aria-busy={recipients.isPlaceholderData}>
          {rows.map((r) => <RecipientCard key={r.candidate.id} recipient={r} sequence={{ campaignId, steps, running }} />)}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('communications.recipients.table')} aria-busy={recipients.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('communications.recipients.columns.candidate')}</Table.Th><Table.Th>{t('communications.recipients.columns.status')}</Table.Th>
                {steps > 1 && <Table.Th>{t('communications.recipients.columns.sequence')}</Table.Th>}
                {RESULT_COLUMNS.map((column) => <Table.Th key={column}>{t(`communications.recipients.columns.${column}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => <RecipientRow key={r.candidate.id} recipient={r} sequence={{ campaignId, steps, running }} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > 0 && (
        <ListPagination page={page} total={total} shown={rows.length} pageSize={RECIPIENTS_PER_PAGE} rangeTestId="recipient-range"
          onPage={(next) => onSearch({ page: next === 1 ? undefined : next })} />
      )}
    </Stack>
  );
}

/** The search field's text, put in the URL once typing pauses (a keystroke costs neither a request nor a history entry). */
function useTypedSearch(applied: string, apply: (text: string) => void): [string, (text: string) => void] {
  const [typed, setTyped] = useState(applied);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const applyRef = useRef(apply);
  useEffect(() => { applyRef.current = apply; });
  useEffect(() => {
    if (debounced.trim() !== applied.trim()) applyRef.current(debounced.trim());
  }, [debounced, applied]);
  return [typed, setTyped];
}
