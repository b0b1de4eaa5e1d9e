// The skipped rows with their line numbers and reasons in the interface's language (the first
// ones; the full list is in the downloadable report, in English).
import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { codeText, storedKeyText } from '#app/i18n/serverText.ts';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { readSkippedRows } from './importApi.ts';

export const SKIPPED_ROWS_SHOWN = 100;

export function SkippedRowsTable({ importId, skipped }: { importId: number; skipped: number }) {
  const t = useT();
  const rows = useQuery({
    queryKey: ['/api/imports/report', importId],
    queryFn: ({ signal }) => readSkippedRows(importId, SKIPPED_ROWS_SHOWN, signal),
    staleTime: Infinity,
  });
  if (rows.isPending) return <Loader size="sm" aria-label={t('people.import.loadingSkipped')} />;
  if (rows.isError) return <Alert color="red" title={t('people.import.skippedLoadFailed')}>{errorText(rows.error)}</Alert>;
  return (
    <>
      <Table.ScrollContainer minWidth={480} mah={280}>
        <Table verticalSpacing={4} striped data-testid="skipped-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('people.import.line')}</Table.Th>
              <Table.Th>{t('people.import.field')}</Table.Th>
              <Table.Th>{t('people.import.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.map((row) => (
              <Table.Tr key={row.line} data-testid="skipped-row" data-line={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.field ? storedKeyText(`people.import.fields.${row.field}`, row.field) : '—'}</Table.Td>
                <Table.Td>{codeText(row.code, row.params, row.reason)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {skipped > rows.data.length && (
        <Text size="xs" c="dimmed">{t('people.import.showingFirst', { shown: rows.data.length, total: formatNumber(skipped) })}</Text>
      )}
    </>
  );
}
