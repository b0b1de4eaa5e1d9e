// Step 3: the running import, polled from GET /api/imports/{id}: first its rows
// are read and checked as the file arrives, then all of them are written at once.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { progressPercent } from './importMapping.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';

const count = (n: number | undefined) => formatNumber(n ?? 0);

export function ImportProgressStep({ summary, fileName }: { summary: ImportSummary | undefined; fileName: string }) {
  const t = useT();
  const percent = progressPercent(summary);
  const writing = summary?.stage === 'writing';
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Text size="sm">
        {writing
          ? <>{t('people.import.savingBefore')}<b>{fileName}</b>{t('people.import.savingAfter')}</>
          : <>{t('people.import.readingBefore')}<b>{fileName}</b>{t('people.import.readingAfter')}</>}
      </Text>
      <Progress value={percent} size="lg" striped animated aria-label={t('people.import.progress', { percent })} />
      <Group gap="lg">
        <Text size="sm">{percent}%</Text>
        {writing
          ? <Text size="sm" c="dimmed">{t('people.import.writingCounts', {
            written: count(summary?.writtenRows), staged: count(summary?.stagedRows), imported: count(summary?.imported),
            updated: count(summary?.updated), skipped: count(summary?.skipped),
          })}</Text>
          : <Text size="sm" c="dimmed">{t('people.import.readingCounts', {
            processed: count(summary?.processedRows), staged: count(summary?.stagedRows), skipped: count(summary?.skipped),
          })}</Text>}
      </Group>
      <Text size="xs" c="dimmed">{t('people.import.nothingSaved')}</Text>
    </Stack>
  );
}
