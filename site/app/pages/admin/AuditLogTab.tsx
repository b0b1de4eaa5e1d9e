import { Code, Table, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { useAuditLog } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

function describeDetails(details: unknown): string {
  if (details === null || details === undefined || details === '') return '';
  return typeof details === 'string' ? details : JSON.stringify(details);
}

export function AuditLogTab() {
  const t = useT();
  const log = useAuditLog();
  const entries = log.data?.entries ?? [];

  return (
    <QueryState isPending={log.isPending} error={log.error}>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('admin.audit.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.audit.when')}</Table.Th>
                <Table.Th>{t('admin.audit.actor')}</Table.Th>
                <Table.Th>{t('admin.audit.action')}</Table.Th>
                <Table.Th>{t('admin.audit.entity')}</Table.Th>
                <Table.Th>{t('admin.audit.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => {
                const details = describeDetails(entry.details);
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                    <Table.Td>{entry.actor ?? t('admin.audit.system')}</Table.Td>
                    <Table.Td><Code>{entry.action}</Code></Table.Td>
                    <Table.Td>{[entry.entity, entry.entityId].filter(Boolean).join(' ') || '—'}</Table.Td>
                    <Table.Td maw={360}>{details && <Text size="xs" ff="monospace" lineClamp={3}>{details}</Text>}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
