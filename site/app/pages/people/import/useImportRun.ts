// Runs an import: create it, stream the file, poll its progress meanwhile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { api, call } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import { importSummarySchema, type ImportCreate, type ImportSummary } from '#domain/imports/schemas.ts';
import { invalidatePeople } from '../peopleQueries.ts';
import { createImport, IMPORTS_KEY, uploadFile } from './importApi.ts';
import { importOutcomeText } from './importOutcome.ts';

export const PROGRESS_POLL_MS = 500;
const PEOPLE_PATH = '/app/people';

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
  // Whether the dialog still shows this run. Closed once every row was read (or left for another page of the app), the
  // import goes on; its end then comes as a toast, except on the People page, whose running imports show it.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => { shown.current = false; };
  }, []);

  const run = useMutation({
    mutationFn: async ({ file, options }: { file: File; options: ImportCreate }): Promise<ImportOutcome> => {
      const created = await createImport(options);
      setImportId(created.id);
      try {
        return { summary: await uploadFile(created.id, file), error: null };
      } catch (error) {
        // A file that cannot be read (or fails while writing) comes back with its failed import: nothing of it was kept.
        const summary = failedImport(error);
        if (summary) return { summary, error: errorText(error) };
        throw error;
      }
    },
    onSuccess: ({ summary }) => {
      if (shown.current || window.location.pathname === PEOPLE_PATH) return;
      const { failed, title, body } = importOutcomeText(summary, i18n.translate);
      toast({ title, description: body, variant: failed ? 'destructive' : 'success' });
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

  // The People page's running imports (and this tab's list of imports) read the list again once the import runs, and
  // again once it writes, so that they follow it when the dialog closes; other tabs poll the server themselves.
  const { status, stage } = progress.data ?? {};
  useEffect(() => {
    if (status === 'running') void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
  }, [status, stage, queryClient]);

  // Leaving the page while the file is read breaks the upload off, and then nothing of it is kept: the browser asks
  // first. Once every row is read the server finishes on its own (tests/api/import-leave.test.ts).
  const reading = run.isPending && stage !== 'writing';
  useEffect(() => {
    if (!reading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [reading]);

  return { run, progress: progress.data, importId, reading };
}
