// Step 3: the running import, polled from GET /api/imports/{id}: first its rows
// are read and checked as the file arrives, then all of them are written at once.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressPercent } from './importMapping.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-US');

export function ImportProgressStep({ summary, fileName }: { summary: ImportSummary | undefined; fileName: string }) {
  const percent = progressPercent(summary);
  const writing = summary?.stage === 'writing';
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Text size="sm">
        {writing
          ? <>Saving the candidates from <b>{fileName}</b>, all at once…</>
          : <>Reading and checking <b>{fileName}</b>…</>}
      </Text>
      <Progress value={percent} size="lg" striped animated aria-label={`Import progress ${percent}%`} />
      <Group gap="lg">
        <Text size="sm">{percent}%</Text>
        {writing
          ? <Text size="sm" c="dimmed">{count(summary?.writtenRows)} of {count(summary?.stagedRows)} rows saved · {count(summary?.imported)} imported · {count(summary?.updated)} updated · {count(summary?.skipped)} skipped</Text>
          : <Text size="sm" c="dimmed">{count(summary?.processedRows)} rows read · {count(summary?.stagedRows)} to import · {count(summary?.skipped)} skipped</Text>}
      </Group>
      <Text size="xs" c="dimmed">Nothing is saved until the whole file has been read: a file that cannot be read is not imported at all.</Text>
    </Stack>
  );
}
