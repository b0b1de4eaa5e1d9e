// The first rows as they would be imported, each checked: valid, or the
// problem that would skip it.
import { Badge, Table, Text } from '@mantine/core';
import type { ImportPreview } from '#domain/imports/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';

type Values = Record<string, unknown>;

/** A cell as text: lists joined, anything structured as JSON (never "[object Object]"). */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(', ');
  switch (typeof value) {
    case 'string': return value;
    case 'number': case 'boolean': case 'bigint': return String(value);
    default: return value === null || value === undefined ? '' : JSON.stringify(value) ?? '';
  }
}

/** A valid row carries the candidate; an invalid one the raw cells (maybe first/last name apart). */
function nameOf(values: Values): string {
  return text(values.name) || [values.firstName, values.infix, values.lastName].map(text).filter(Boolean).join(' ');
}

export function PreviewRowsTable({ rows }: { rows: ImportPreview['rows'] }) {
  const t = useT();
  if (!rows.length) return <Text size="sm" c="dimmed">{t('people.import.previewEmpty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560} mah={260}>
      <Table verticalSpacing={4} striped data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.import.line')}</Table.Th>
            <Table.Th>{t('people.import.name')}</Table.Th>
            <Table.Th>{t('people.import.email')}</Table.Th>
            <Table.Th>{t('people.import.phone')}</Table.Th>
            <Table.Th>{t('people.import.check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="import-preview-row" data-valid={row.valid}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td><Text size="sm" truncate maw={180}>{nameOf(row.values) || '—'}</Text></Table.Td>
              <Table.Td><Text size="sm" truncate maw={200}>{text(row.values.email) || '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{text(row.values.phone) || '—'}</Text></Table.Td>
              <Table.Td>
                {row.valid
                  ? <Badge color="green" variant="light" size="sm">{t('people.import.valid')}</Badge>
                  : <Text size="xs" c="red">{row.problem ? codeText(row.problem.code, row.problem.params, row.problem.message) : t('people.import.invalid')}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
