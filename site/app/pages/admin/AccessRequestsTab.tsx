import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AccessRequest } from '#domain/auth/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { useAccessRequests, useReviewAccessRequest } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

const STATUS_COLORS: Record<AccessRequest['status'], string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

export function AccessRequestsTab() {
  const t = useT();
  const requests = useAccessRequests();
  const review = useReviewAccessRequest();
  const list = requests.data?.requests ?? [];

  const actions = (request: AccessRequest) => {
    if (request.status !== 'pending') return null;
    const busy = review.isPending && review.variables?.id === request.id;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" color="green" disabled={busy}
          onClick={() => review.mutate({ id: request.id, status: 'approved' })}>{t('admin.requests.approve')}</Button>
        <Button size="xs" variant="default" disabled={busy}
          onClick={() => review.mutate({ id: request.id, status: 'rejected' })}>{t('admin.requests.reject')}</Button>
      </Group>
    );
  };

  return (
    <QueryState isPending={requests.isPending} error={requests.error}>
      {list.length === 0 ? (
        <Text c="dimmed">{t('admin.requests.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.requests.name')}</Table.Th>
                <Table.Th>{t('admin.requests.email')}</Table.Th>
                <Table.Th>{t('admin.requests.company')}</Table.Th>
                <Table.Th>{t('admin.requests.message')}</Table.Th>
                <Table.Th>{t('admin.requests.status')}</Table.Th>
                <Table.Th>{t('admin.requests.requested')}</Table.Th>
                <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>{request.name}</Table.Td>
                  <Table.Td>{request.email}</Table.Td>
                  <Table.Td>{request.company || '—'}</Table.Td>
                  <Table.Td maw={280}><Text size="sm" lineClamp={3}>{request.message || '—'}</Text></Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[request.status]} tt="capitalize">{t(`admin.requests.statuses.${request.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(request.createdAt)}</Table.Td>
                  <Table.Td>{actions(request)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
