// Step 4: what the import did: imported, updated, skipped (with each skipped
// row's line and reason) and the report to download.
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { reportUrl } from './importApi.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';
import { SkippedRowsTable } from './SkippedRowsTable.tsx';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="xl" fw={700} data-testid={testId}>{formatNumber(value)}</Text>
    </Paper>
  );
}

export function ImportReport({ summary, error }: { summary: ImportSummary; error?: string | null }) {
  const t = useT();
  const failed = summary.status === 'failed' || !!error;
  if (failed) {
    // All or nothing: a failed file left no candidate, update, consent entry or pool membership behind.
    return (
      <Stack gap="md" data-testid="import-report">
        <Alert color="red" title={t('people.import.nothingImported')} data-testid="import-failed">
          <Text size="sm" fw={600} data-testid="import-error">{error || codeText(summary.errorCode, summary.errorParams, summary.error ?? undefined) || t('people.import.unreadable')}</Text>
          <Text size="sm" mt="xs">{t('people.import.noneBefore')}{summary.fileName ? <b>{summary.fileName}</b> : t('people.import.thisFile')}{t('people.import.noneAfter')}</Text>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="import-report">
      <Alert color="green" title={t('people.import.finished')}>{t('people.import.rowsRead', { rows: formatNumber(summary.processedRows) })}</Alert>
      <Text size="sm" data-testid="import-consent-recorded">{t('people.import.consent.recorded', { wording: summary.emailConsentWording })}</Text>
      <SimpleGrid cols={3}>
        <Stat label={t('people.import.imported')} value={summary.imported} testId="import-imported" />
        <Stat label={t('people.import.updated')} value={summary.updated} testId="import-updated" />
        <Stat label={t('people.import.skipped')} value={summary.skipped} testId="import-skipped" />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" fw={600}>{summary.skipped > 0 ? t('people.import.skippedRows') : t('people.import.noneSkipped')}</Text>
        <Anchor href={reportUrl(summary.id)} download size="sm" data-testid="import-report-link">{t('people.import.downloadReport')}</Anchor>
      </Group>
      {summary.skipped > 0 && <SkippedRowsTable importId={summary.id} skipped={summary.skipped} />}
    </Stack>
  );
}
