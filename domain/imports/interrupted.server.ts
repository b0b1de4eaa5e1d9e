// Imports whose process died (a crash, kill -9, a lost machine) while they ran:
// PostgreSQL rolled back what the import was writing, but its row still said
// 'running' and its staged rows stayed. The once-a-minute sweep ends them here:
// failed, with the reason, staged and skipped rows removed; the file can be
// imported again at once. A process is gone when its heartbeat (every 3 s) has not
// been seen for INTERRUPTED_AFTER_SECONDS, so an import is failed within two
// minutes of its process's death. A live import's own transactions hold its row
// while they write (skip locked here), and check that it is still running.
import type { Tx } from '../../platform/db/request.server.ts';
import { englishText } from '../i18n/english.ts';

export const INTERRUPTED_AFTER_SECONDS = 60;

/** The English of the code the sweep writes beside it (error_code 'import_interrupted'). */
export const INTERRUPTED_IMPORT_ERROR = englishText('import_interrupted');

/** Fails every import whose process is gone; returns their ids. Runs as service_role. */
export async function failInterruptedImports(tx: Tx): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `with stale as (
       select id from public.imports
        where status = 'running'
          and case when running_by is null then coalesce(started_at, created_at) < now() - interval '1 hour'
                   else not public.worker_seen_within(running_by, $2) end
        for update skip locked),
     staged as (delete from public.import_rows r using stale where r.import_id = stale.id),
     skipped as (delete from public.import_skipped_rows s using stale where s.import_id = stale.id)
     update public.imports i
        set status = 'failed', stage = null, error = $1, error_code = 'import_interrupted', error_params = null, finished_at = now(),
            imported = 0, updated = 0, skipped = 0, written_rows = 0
       from stale where i.id = stale.id
     returning i.id`, [INTERRUPTED_IMPORT_ERROR, INTERRUPTED_AFTER_SECONDS]);
  return rows.map((row) => row.id);
}
