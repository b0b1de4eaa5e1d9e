// The skipped rows with their line numbers and reasons (the first ones; the
// full list is in the downloadable report).
import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { readSkippedRows } from './importApi.ts';

export const SKIPPED_ROWS_SHOWN = 100;

export function SkippedRowsTable({ importId, skipped }: { importId: number; skipped: number }) {
  const rows = useQuery({
    queryKey: ['/api/imports/report', importId],
    queryFn: ({ signal }) => readSkippedRows(importId, SKIPPED_ROWS_SHOWN, signal),
    staleTime: Infinity,
  });
  if (rows.isPending) return <Loader size="sm" aria-label="Loading skipped rows" />;
  if (rows.isError) return <Alert color="red" title="Could not load the skipped rows">{errorText(rows.error)}</Alert>;
  return (
    <>
      <Table.ScrollContainer minWidth={480} mah={280}>
        <Table verticalSpacing={4} striped data-testid="skipped-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.map((row) => (
              <Table.Tr key={row.line} data-testid="skipped-row" data-line={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.field || '—'}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {skipped > rows.data.length && (
        <Text size="xs" c="dimmed">Showing the first {rows.data.length} of {skipped.toLocaleString('en-US')} skipped rows; the report has them all.</Text>
      )}
    </>
  );
}
