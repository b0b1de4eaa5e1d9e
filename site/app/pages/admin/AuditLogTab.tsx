// The audit log in words: who did what, about whom (by name), with the details as
// "label: value" rather than raw JSON. An action or detail this interface has no
// words for shows its code, so nothing is hidden.
import { Table, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { storedKeyText } from '#app/i18n/serverText.ts';
import type { AuditEntry } from '#domain/auth/schemas.ts';
import { useAuditLog } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

type T = ReturnType<typeof useT>;

/** "Changed a user", or the action's code when it has no words here. */
const actionText = (action: string) => storedKeyText(`admin.audit.actions.${action}`, action);

function valueText(t: T, value: unknown): string {
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no');
  if (Array.isArray(value)) return value.map((item) => valueText(t, item)).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each detail as "Role: admin"; empty ones left out. */
export function detailLines(t: T, details: AuditEntry['details']): string[] {
  return Object.entries(details).filter(([, value]) => value !== null && value !== undefined && value !== '').map(([key, value]) => {
    return `${storedKeyText(`admin.audit.detailLabels.${key}`, key)}: ${valueText(t, value)}`;
  });
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="audit-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.audit.when')}</Table.Th>
                <Table.Th>{t('admin.audit.actor')}</Table.Th>
                <Table.Th>{t('admin.audit.action')}</Table.Th>
                <Table.Th>{t('admin.audit.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{entry.actor ?? t('admin.audit.system')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{actionText(entry.action)}</Text>
                    {entry.subject && <Text size="xs" c="dimmed">{entry.subject}</Text>}
                  </Table.Td>
                  <Table.Td maw={360}>
                    {detailLines(t, entry.details).map((line) => <Text key={line} size="xs">{line}</Text>)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
