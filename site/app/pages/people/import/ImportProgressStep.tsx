// Step 3: the running import, polled from GET /api/imports/{id}.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressPercent } from './importMapping.ts';
import type { ImportSummary } from './importTypes.ts';

export function ImportProgressStep({ summary, fileName }: { summary: ImportSummary | undefined; fileName: string }) {
  const percent = progressPercent(summary);
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Text size="sm">Importing <b>{fileName}</b>…</Text>
      <Progress value={percent} size="lg" striped animated aria-label={`Import progress ${percent}%`} />
      <Group gap="lg">
        <Text size="sm">{percent}%</Text>
        <Text size="sm" c="dimmed">{(summary?.processedRows ?? 0).toLocaleString('en-US')} rows read</Text>
        <Text size="sm" c="dimmed">{summary?.imported ?? 0} imported · {summary?.updated ?? 0} updated · {summary?.skipped ?? 0} skipped</Text>
      </Group>
    </Stack>
  );
}
