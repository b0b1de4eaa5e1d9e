// Step 4: what the import did: imported, updated, skipped (with each skipped
// row's line and reason) and the report to download.
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { reportUrl } from './importApi.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';
import { SkippedRowsTable } from './SkippedRowsTable.tsx';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="xl" fw={700} data-testid={testId}>{value.toLocaleString('en-US')}</Text>
    </Paper>
  );
}

export function ImportReport({ summary, error }: { summary: ImportSummary; error?: string | null }) {
  const failed = summary.status === 'failed' || !!error;
  if (failed) {
    // All or nothing: a failed file left no candidate, update, consent entry or pool membership behind.
    return (
      <Stack gap="md" data-testid="import-report">
        <Alert color="red" title="Nothing was imported" data-testid="import-failed">
          <Text size="sm" fw={600} data-testid="import-error">{error || summary.error || 'The file could not be read to the end.'}</Text>
          <Text size="sm" mt="xs">No candidate from {summary.fileName ? <b>{summary.fileName}</b> : 'this file'} was added or changed. Fix the file and import it again.</Text>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="import-report">
      <Alert color="green" title="Import finished">{summary.processedRows.toLocaleString('en-US')} rows read.</Alert>
      <SimpleGrid cols={3}>
        <Stat label="Imported" value={summary.imported} testId="import-imported" />
        <Stat label="Updated" value={summary.updated} testId="import-updated" />
        <Stat label="Skipped" value={summary.skipped} testId="import-skipped" />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" fw={600}>{summary.skipped > 0 ? 'Skipped rows' : 'No rows were skipped.'}</Text>
        <Anchor href={reportUrl(summary.id)} download size="sm" data-testid="import-report-link">Download report</Anchor>
      </Group>
      {summary.skipped > 0 && <SkippedRowsTable importId={summary.id} skipped={summary.skipped} />}
    </Stack>
  );
}
