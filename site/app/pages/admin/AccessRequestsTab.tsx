import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AccessRequest } from '#domain/auth/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useAccessRequests, useReviewAccessRequest } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

const STATUS_COLORS: Record<AccessRequest['status'], string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

export function AccessRequestsTab() {
  const requests = useAccessRequests();
  const review = useReviewAccessRequest();
  const list = requests.data?.requests ?? [];

  const actions = (request: AccessRequest) => {
    if (request.status !== 'pending') return null;
    const busy = review.isPending && review.variables?.id === request.id;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" color="green" disabled={busy}
          onClick={() => review.mutate({ id: request.id, status: 'approved' })}>Approve</Button>
        <Button size="xs" variant="default" disabled={busy}
          onClick={() => review.mutate({ id: request.id, status: 'rejected' })}>Reject</Button>
      </Group>
    );
  };

  return (
    <QueryState isPending={requests.isPending} error={requests.error}>
      {list.length === 0 ? (
        <Text c="dimmed">No access requests yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
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
                    <Badge variant="light" color={STATUS_COLORS[request.status]} tt="capitalize">{request.status}</Badge>
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
