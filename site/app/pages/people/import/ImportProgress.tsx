// An import's progress as the server reports it (GET /api/imports/{id}), in its two
// stages: the rows read and checked as the file arrives, then the rows saved, all in
// one transaction at the end (decision 009). The import dialog and the People page
// show the same, so a reload or another tab sees what the server is doing.
import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';
import { readPercent, savePercent } from './importMapping.ts';

function Stage({ title, percent, label, counts, testId }: { title: string; percent: number; label: string; counts: string; testId: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>{title}</Text>
        <Text size="sm">{percent}%</Text>
      </Group>
      <Progress value={percent} size="md" aria-label={label} />
      <Text size="sm" c="dimmed" data-testid={`${testId}-counts`}>{counts}</Text>
    </Stack>
  );
}

export function ImportProgress({ summary }: { summary: ImportSummary | undefined }) {
  const t = useT();
  const file = summary?.fileName || t('people.import.aFile');
  if (!summary || summary.status === 'pending') {
    return (
      <Group gap="xs" data-testid="import-progress">
        <Loader size="sm" />
        <Text size="sm">{t('people.import.waiting', { file })}</Text>
      </Group>
    );
  }
  const read = readPercent(summary);
  const save = savePercent(summary);
  const saving = summary.stage === 'writing' || summary.status === 'completed';
  const n = formatNumber;
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Stage testId="import-read" title={t('people.import.readPhase', { file })} percent={read}
        label={t('people.import.readProgress', { percent: read })}
        counts={t('people.import.readCounts', { processed: n(summary.processedRows), staged: n(summary.stagedRows), skipped: n(summary.skipped) })} />
      <Stage testId="import-save" title={t('people.import.savePhase')} percent={save}
        label={t('people.import.saveProgress', { percent: save })}
        counts={saving
          ? t('people.import.saveCounts', {
            written: n(summary.writtenRows), staged: n(summary.stagedRows), imported: n(summary.imported),
            updated: n(summary.updated), skipped: n(summary.skipped),
          })
          : t('people.import.saveNotYet')} />
      <Text size="xs" c="dimmed">{t('people.import.notListedYet')}</Text>
    </Stack>
  );
}
