// One log line per job (platform/runtime/log.ts): its id, queue, outcome and how long
// the handler took. Wraps a pg-boss handler without changing what it does: a batch
// handler's jobs share its duration; with perJobResults each job's own status counts.
import { errorFields, log, type Logger } from '#platform/runtime/log.server.ts';

type PerJobResult = { id: string; status: 'completed' | 'failed' };

function perJobStatuses(result: unknown): Map<string, string> | null {
  if (!Array.isArray(result)) return null;
  const statuses = new Map<string, string>();
  for (const item of result as Partial<PerJobResult>[]) {
    if (typeof item?.id !== 'string' || typeof item.status !== 'string') return null;
    statuses.set(item.id, item.status);
  }
  return statuses;
}

export function logged<J extends { id: string }, R>(queue: string, logger: Logger = log, handler: (jobs: J[]) => Promise<R>): (jobs: J[]) => Promise<R> {
  return async (jobs) => {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const result = await handler(jobs);
      const statuses = perJobStatuses(result);
      for (const job of jobs) {
        const status = statuses?.get(job.id) ?? 'completed';
        (status === 'failed' ? logger.warn : logger.info)('job', { jobId: job.id, queue, status, durationMs: durationMs(), batch: jobs.length });
      }
      return result;
    } catch (error) {
      for (const job of jobs) logger.warn('job', { jobId: job.id, queue, status: 'failed', durationMs: durationMs(), batch: jobs.length, ...errorFields(error) });
      throw error;
    }
  };
}
