// Two small tools for the delivery path (decision 011): send slots, and a
// group commit for their records (decision 066: one write for the slots' sends).

export interface SendSlots {
  readonly size: number;
  /** Tasks running now. */
  readonly busy: number;
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** At most `size` tasks at once; the rest wait their turn, in order. `onFree`: a slot was left empty. */
export function createSendSlots(size: number, onFree: () => void = () => {}): SendSlots {
  let busy = 0;
  const waiting: Array<() => void> = [];
  return {
    size,
    get busy() { return busy; },
    async run(task) {
      if (busy < size) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands its slot over
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else {
          busy--;
          onFree();
        }
      }
    },
  };
}

export interface GroupCommit<T> {
  /** Resolves once the item was written. */
  (item: T): Promise<void>;
  /** Looks again whether the waiting items are due: call it when a writer left without an item. */
  check(): void;
}

/**
 * Items are written together, in one write for all the writers there are: a write starts once every running
 * writer's item has arrived (`writers()`: how many will still bring one), or once the first has waited
 * `maxWaitMs`, so that one slow writer holds the others' items that long at most. Items that arrive while a
 * write runs go in a later one. Without `gather`, a write starts as soon as one item waits.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, gather?: { writers: () => number; maxWaitMs: number }): GroupCommit<T> {
  let pending: Array<{ item: T; done(error?: Error): void }> = [];
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  let overdue = false;
  const due = () => pending.length > 0 && (!gather || overdue || pending.length >= gather.writers());
  const drain = async () => {
    writing = true;
    clearTimeout(timer);
    timer = undefined;
    while (due()) {
      overdue = false;
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
    wait();
  };
  /** Writes what is due, or waits for the rest at most maxWaitMs from now. */
  const wait = () => {
    if (writing) return;
    if (due()) return void drain();
    if (pending.length && gather && !timer) {
      // Never runs during a write: drain() clears it, and none is set while writing.
      timer = setTimeout(() => {
        timer = undefined;
        overdue = true;
        void drain();
      }, gather.maxWaitMs);
    }
  };
  const commit = (item: T) => new Promise<void>((resolve, reject) => {
    pending.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
    wait();
  });
  return Object.assign(commit, { check: wait });
}
