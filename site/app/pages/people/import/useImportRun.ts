// Runs an import: create it, stream the file, poll its progress meanwhile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { api, call } from '#app/api/client.ts';
import { importSummarySchema, type ImportCreate, type ImportSummary } from '#domain/imports/schemas.ts';
import { invalidatePeople } from '../peopleQueries.ts';
import { createImport, IMPORTS_KEY, uploadFile } from './importApi.ts';

export const PROGRESS_POLL_MS = 500;

export interface ImportOutcome {
  summary: ImportSummary;
  error: string | null;
}

/** A refused upload names its failed import next to the error (`import`, nothing of it kept); null when it does not. */
function failedImport(error: unknown): ImportSummary | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const parsed = importSummarySchema.safeParse((error.body as { import?: unknown }).import);
  return parsed.success ? parsed.data : null;
}

export function useImportRun() {
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<number | null>(null);

  const run = useMutation({
    mutationFn: async ({ file, options }: { file: File; options: ImportCreate }): Promise<ImportOutcome> => {
      const created = await createImport(options);
      setImportId(created.id);
      // The People page's list of running imports shows it too (and in other tabs, from the server).
      void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
      try {
        return { summary: await uploadFile(created.id, file), error: null };
      } catch (error) {
        // A file that cannot be read (or fails while writing) comes back with its failed import: nothing of it was kept.
        const summary = failedImport(error);
        if (summary) return { summary, error: errorText(error) };
        throw error;
      }
    },
    onSettled: () => Promise.all([invalidatePeople(queryClient), queryClient.invalidateQueries({ queryKey: IMPORTS_KEY })]),
  });

  const progress = useQuery({
    queryKey: [`/api/imports/${importId}`],
    queryFn: ({ signal }) => call((o) => api.imports[':id'].$get({ param: { id: String(importId) } }, o), { signal }),
    enabled: importId !== null && run.isPending,
    refetchInterval: PROGRESS_POLL_MS,
    staleTime: 0,
  });

  // Leaving the page while the file is read breaks the upload off, and then nothing of it is kept: the browser asks
  // first. Once every row is read the server finishes on its own (tests/api/import-leave.test.ts).
  const reading = run.isPending && progress.data?.stage !== 'writing';
  useEffect(() => {
    if (!reading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [reading]);

  return { run, progress: progress.data, importId, reading };
}
