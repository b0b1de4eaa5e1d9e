// Runs an import: create it, stream the file, poll its progress meanwhile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { invalidatePeople } from '../peopleQueries.ts';
import { createImport, uploadFile, type ImportOptions } from './importApi.ts';
import type { ImportSummary } from './importTypes.ts';

export const PROGRESS_POLL_MS = 500;
/** The import dialog will not close while a mutation with this key runs. */
export const IMPORT_MUTATION_KEY = ['import-run'] as const;

export interface ImportOutcome {
  summary: ImportSummary;
  error: string | null;
}

export function useImportRun() {
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<number | null>(null);

  const run = useMutation({
    mutationKey: IMPORT_MUTATION_KEY,
    mutationFn: async ({ file, options }: { file: File; options: ImportOptions }): Promise<ImportOutcome> => {
      const created = await createImport(options);
      setImportId(created.id);
      try {
        return { summary: await uploadFile(created.id, file), error: null };
      } catch (error) {
        // A file that cannot be read (or fails while writing) comes back with its failed import: nothing of it was kept.
        const body = error instanceof ApiError ? (error.body as { import?: ImportSummary } | null) : null;
        if (body?.import) return { summary: body.import, error: errorText(error) };
        throw error;
      }
    },
    onSettled: () => invalidatePeople(queryClient),
  });

  const progress = useQuery<ImportSummary>({
    queryKey: [`/api/imports/${importId}`],
    enabled: importId !== null && run.isPending,
    refetchInterval: PROGRESS_POLL_MS,
    staleTime: 0,
  });

  return { run, progress: progress.data, importId };
}
