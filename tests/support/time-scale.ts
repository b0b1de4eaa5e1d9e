// One setting for a slow machine: TEST_TIME_SCALE (default 1) multiplies every
// budget a test waits for background work, and the suites' time-outs (vitest.config.ts,
// playwright.config.ts). Budgets bound a hang; they never measure speed (that is
// bench/'s job), so a busy machine only needs a larger factor, never a changed test.
const given = Number(process.env.TEST_TIME_SCALE ?? 1);

export const TIME_SCALE = Number.isFinite(given) && given >= 1 ? given : 1;

/** `ms` on this machine. */
export const budget = (ms: number): number => Math.round(ms * TIME_SCALE);

/**
 * `work`'s result, or a failure naming `what` if it has not settled within `ms` (scaled): for
 * behaviour that must not hang, such as a request while the database is frozen.
 */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = budget(ms);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${limit} ms`)), limit);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
