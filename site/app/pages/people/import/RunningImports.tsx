// The imports running now, from the server: after a reload, in another tab or for a
// colleague's import, the People page shows their progress, and the outcome of one it
// saw running (its new people are in the list from then on).
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';
import { invalidatePeople } from '../peopleQueries.ts';
import { IMPORTS_KEY, listImports } from './importApi.ts';
import { ImportProgress } from './ImportProgress.tsx';
import { importOutcomeText } from './importOutcome.ts';
import { PROGRESS_POLL_MS } from './useImportRun.ts';

const isRunning = (summary: ImportSummary) => summary.status === 'running';

function Outcome({ summary, onDismiss }: { summary: ImportSummary; onDismiss: () => void }) {
  const t = useT();
  const { failed, title, body } = importOutcomeText(summary, t);
  return (
    <Alert color={failed ? 'red' : 'green'} withCloseButton closeButtonLabel={t('people.import.dismiss')} onClose={onDismiss}
      title={title} data-testid="import-outcome">
      <Text size="sm">{body}</Text>
    </Alert>
  );
}

export function RunningImports() {
  const t = useT();
  const queryClient = useQueryClient();
  const imports = useQuery({
    queryKey: IMPORTS_KEY,
    queryFn: ({ signal }) => listImports(signal),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? PROGRESS_POLL_MS : false),
    staleTime: 0,
  });
  /** Imports seen running here: their outcome shows until dismissed. */
  const [watched, setWatched] = useState<number[]>([]);
  const list = imports.data ?? [];
  const newlyRunning = list.filter((summary) => isRunning(summary) && !watched.includes(summary.id)).map((summary) => summary.id);
  // Kept from render to render (React's pattern for state that follows props), not in an effect.
  if (newlyRunning.length) setWatched([...watched, ...newlyRunning]);
  const finished = list.filter((summary) => watched.includes(summary.id) && !isRunning(summary));
  const finishedKey = finished.map((summary) => summary.id).join(',');

  // One that finished committed its people (or kept none): the list reads them again.
  useEffect(() => {
    if (finishedKey) void invalidatePeople(queryClient);
  }, [finishedKey, queryClient]);

  const shown = list.filter((summary) => isRunning(summary) || watched.includes(summary.id));
  if (!shown.length) return null;
  return (
    <Stack gap="sm" data-testid="running-imports">
      {shown.map((summary) => (isRunning(summary)
        ? (
          <Alert key={summary.id} color="blue" title={t('people.import.runningTitle', { file: summary.fileName || t('people.import.aFile') })}
            data-testid="running-import">
            <ImportProgress summary={summary} />
          </Alert>
        )
        : <Outcome key={summary.id} summary={summary} onDismiss={() => setWatched((ids) => ids.filter((id) => id !== summary.id))} />))}
    </Stack>
  );
}
