import { budget } from './time-scale.ts';

/**
 * Polls `read` until `done` says yes (background work such as the mail worker), or fails with the last value
 * once `timeoutMs` (scaled by TEST_TIME_SCALE) has passed.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  timeoutMs = budget(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
