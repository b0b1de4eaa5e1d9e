// Two small tools for the delivery path (decision 011): send slots, and a
// group commit for their records.

export interface SendSlots {
  readonly size: number;
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** At most `size` tasks at once; the rest wait their turn, in order. */
export function createSendSlots(size: number): SendSlots {
  let busy = 0;
  const waiting: Array<() => void> = [];
  return {
    size,
    async run(task) {
      if (busy < size) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands its slot over
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

/**
 * Each call resolves once its item was written. Items that arrive while a
 * write runs go together in the next one: one transaction for several records
 * instead of one each, without making any of them wait for a timer.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let pending: Array<{ item: T; done(error?: Error): void }> = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (pending.length) {
      const batch = pending;
      pending = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.done();
      } catch (error) {
        const failure = error instanceof Error ? error : new Error('write failed', { cause: error });
        for (const entry of batch) entry.done(failure);
      }
    }
    writing = false;
  };
  return (item) => new Promise<void>((resolve, reject) => {
    pending.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (!writing) void drain();
  });
}
