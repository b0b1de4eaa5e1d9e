// The Admin Portal's "Data requests" tab (issue 30): every access, correction and erasure request with
// its deadline (red, with the days, when overdue), state and who handled it; "Enter a request" for one
// that came by email, phone or letter; Mark done (an erasure: the candidate is erased, after a question)
// or Refuse with the reason. The table scrolls sideways on a phone; every action is a button.
import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatDateTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATES, type DataRequest, type DataRequestQuery } from '#domain/data-rights/schemas.ts';
import { ConfirmModal } from '../people/ConfirmModal.tsx';
import { useDataRequests, useHandleDataRequest } from './dataRightsQueries.ts';
import { EnterDataRequestDialog } from './EnterDataRequestDialog.tsx';
import { Pager } from './Pager.tsx';
import { QueryState } from './QueryState.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

type T = ReturnType<typeof useT>;
const DAY = 86_400_000;

const STATE_COLORS: Record<DataRequest['state'], string> = { open: 'blue', scheduled: 'violet', done: 'green', refused: 'gray', withdrawn: 'gray' };

const isActive = (request: DataRequest) => request.state === 'open' || request.state === 'scheduled';
const whoOf = (t: T, request: DataRequest) => request.candidate?.name ?? request.requesterName ?? t('dataRights.requests.unknown');

/** "12 days left", "Due today", "3 days overdue" (overdue as the server says); nothing once handled. */
export function deadlineText(t: T, request: DataRequest, now: number): string | null {
  if (!isActive(request)) return null;
  const due = Date.parse(request.dueAt);
  if (request.overdue) return t('dataRights.requests.overdue', { count: Math.max(1, Math.ceil((now - due) / DAY)) });
  const days = Math.floor((due - now) / DAY);
  return days <= 0 ? t('dataRights.requests.dueToday') : t('dataRights.requests.daysLeft', { count: days });
}

type StateFilter = NonNullable<DataRequestQuery['state']> | 'all';

export function DataRequestsTab() {
  const t = useT();
  const [state, setState] = useState<StateFilter>('active');
  const [kind, setKind] = useState<DataRequest['kind'] | 'all'>('all');
  const [overdue, setOverdue] = useState(false);
  const [page, setPage] = useState(1);
  const [entering, setEntering] = useState(false);
  // Days left and the undo window are counted from when the tab opened.
  const [now] = useState(() => Date.now());
  const [erasing, setErasing] = useState<DataRequest | null>(null);
  const [refusing, setRefusing] = useState<DataRequest | null>(null);
  const requests = useDataRequests({ state: state === 'all' ? undefined : state, kind: kind === 'all' ? undefined : kind, overdue, page });
  const handle = useHandleDataRequest({ toastErrors: true });
  const refuse = useHandleDataRequest();
  const data = requests.data;

  const markDone = (request: DataRequest) => {
    if (request.kind === 'erasure' && request.candidate) setErasing(request);
    else handle.mutate({ id: request.id, decision: { state: 'done' } });
  };
  const filtered = (set: () => void) => { set(); setPage(1); };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={640}>{t('dataRights.requests.description')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <Select label={t('dataRights.requests.filters.state')} w={200} allowDeselect={false} value={state}
            data={[{ value: 'active', label: t('dataRights.requests.filters.active') }, { value: 'all', label: t('dataRights.requests.filters.all') },
              ...DATA_REQUEST_STATES.map((value) => ({ value, label: t(`dataRights.requests.states.${value}`) }))]}
            onChange={(value) => filtered(() => setState(value ?? 'active'))} />
          <Select label={t('dataRights.requests.filters.kind')} w={160} allowDeselect={false} value={kind}
            data={[{ value: 'all', label: t('dataRights.requests.filters.all') },
              ...DATA_REQUEST_KINDS.map((value) => ({ value, label: t(`dataRights.requests.kinds.${value}`) }))]}
            onChange={(value) => filtered(() => setKind(value ?? 'all'))} />
          <Checkbox label={t('dataRights.requests.filters.overdueOnly')} checked={overdue} mb={8}
            onChange={(event) => { const checked = event.currentTarget.checked; filtered(() => setOverdue(checked)); }} />
        </Group>
        <Button onClick={() => setEntering(true)}>{t('dataRights.requests.enter')}</Button>
      </Group>
      <QueryState isPending={requests.isPending} error={requests.error}>
        {!data || data.total === 0 ? <Text c="dimmed">{t('dataRights.requests.none')}</Text> : (
          <>
            <Text size="sm" c="dimmed">{t('dataRights.requests.count', { count: data.total })}</Text>
            <Table.ScrollContainer minWidth={960}>
              <Table striped verticalSpacing="sm" data-testid="data-requests">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dataRights.requests.received')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.who')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.kind')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.source')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.due')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.state')}</Table.Th>
                    <Table.Th>{t('dataRights.requests.handledBy')}</Table.Th>
                    <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.requests.map((request) => (
                    <RequestRow key={request.id} request={request} now={now} busy={handle.isPending && handle.variables?.id === request.id}
                      onDone={() => markDone(request)} onRefuse={() => { refuse.reset(); setRefusing(request); }} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={data.page} pages={Math.ceil(data.total / data.pageSize)} onPage={setPage}
              labels={{ previous: t('dataRights.requests.previous'), next: t('dataRights.requests.next'), page: (at, pages) => t('dataRights.requests.page', { page: at, pages }) }} />
          </>
        )}
      </QueryState>
      <EnterDataRequestDialog opened={entering} onClose={() => setEntering(false)} />
      <ConfirmModal opened={erasing !== null} title={erasing ? t('dataRights.requests.eraseTitle', { name: whoOf(t, erasing) }) : ''}
        confirmLabel={t('dataRights.requests.erase')} loading={handle.isPending} onCancel={() => setErasing(null)}
        onConfirm={() => erasing && handle.mutate({ id: erasing.id, decision: { state: 'done' } }, { onSettled: () => setErasing(null) })}>
        {t('dataRights.requests.eraseBody')}
      </ConfirmModal>
      <ReasonDialog opened={refusing !== null}
        title={refusing ? t(refusing.kind === 'erasure' ? 'dataRights.reasonDialog.keepTitle' : 'dataRights.reasonDialog.refuseTitle', { name: whoOf(t, refusing) }) : ''}
        body={t(refusing?.kind === 'erasure' ? 'dataRights.reasonDialog.keepBody' : 'dataRights.reasonDialog.refuseBody')}
        confirmLabel={t(refusing?.kind === 'erasure' ? 'dataRights.reasonDialog.keep' : 'dataRights.reasonDialog.refuse')}
        loading={refuse.isPending} error={refuse.error}
        onConfirm={(reason) => refusing && refuse.mutate({ id: refusing.id, decision: { state: 'refused', resolution: reason } }, { onSuccess: () => setRefusing(null) })}
        onCancel={() => setRefusing(null)} />
    </Stack>
  );
}

function RequestRow({ request, now, busy, onDone, onRefuse }: { request: DataRequest; now: number; busy: boolean; onDone: () => void; onRefuse: () => void }) {
  const t = useT();
  const who = whoOf(t, request);
  const deadline = deadlineText(t, request, now);
  const undoOpen = request.state === 'scheduled' && request.executeAfter !== null && Date.parse(request.executeAfter) > now;
  return (
    <Table.Tr data-testid="data-request">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(request.receivedAt)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>{who}</Text>
        {request.requesterEmail && <Text size="xs" c="dimmed">{request.requesterEmail}</Text>}
        {!request.candidate && request.kind === 'erasure' && request.state === 'done' && <Text size="xs" c="dimmed">{t('dataRights.requests.erased')}</Text>}
      </Table.Td>
      <Table.Td>{t(`dataRights.requests.kinds.${request.kind}`)}</Table.Td>
      <Table.Td>{t(`dataRights.requests.sources.${request.source}`)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" c={request.overdue ? 'red' : undefined} fw={request.overdue ? 600 : undefined}>{formatDate(request.dueAt)}</Text>
        {deadline && <Text size="xs" c={request.overdue ? 'red' : 'dimmed'} data-testid="data-request-deadline">{deadline}</Text>}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATE_COLORS[request.state]}>{t(`dataRights.requests.states.${request.state}`)}</Badge>
        {undoOpen && <Text size="xs" c="dimmed">{t('dataRights.requests.undoUntil', { date: formatDateTime(request.executeAfter) })}</Text>}
      </Table.Td>
      <Table.Td maw={260}>
        {request.handledBy && <Text size="sm">{request.handledBy}</Text>}
        {!request.handledBy && request.handledAt && request.state === 'done' && request.kind === 'erasure' && <Text size="sm">{t('dataRights.requests.byWorker')}</Text>}
        {request.handledAt && <Text size="xs" c="dimmed">{formatDateTime(request.handledAt)}</Text>}
        {request.resolution && <Text size="xs" c="dimmed" lineClamp={3}>{request.resolution}</Text>}
        {!request.handledBy && !request.handledAt && '—'}
      </Table.Td>
      <Table.Td>
        {isActive(request) && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" color="green" disabled={busy || undoOpen} aria-label={t('dataRights.requests.markDoneLabel', { name: who })}
              onClick={onDone}>{t('dataRights.requests.markDone')}</Button>
            <Button size="xs" variant="default" disabled={busy} aria-label={t('dataRights.requests.refuseLabel', { name: who })}
              onClick={onRefuse}>{t('dataRights.requests.refuse')}</Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
