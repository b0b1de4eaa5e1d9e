// The delivery path's send slots (never more than `size` at once, in order)
// and group commit (items arriving during a write go together in the next; with
// `gather`, one write for every busy slot's item, or after the wait at most).
import { describe, expect, it } from 'vitest';
import { createSendSlots, groupCommit } from '#platform/mail/concurrency.ts';

/** Lets every pending promise continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
};

describe('send slots', () => {
  it('run at most `size` tasks at once and start the waiting ones in order', async () => {
    const slots = createSendSlots(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((gate, i) => slots.run(async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await gate.promise;
      running--;
      return i;
    }));
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('free the slot when a task fails', async () => {
    const slots = createSendSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('group commit', () => {
  it('writes the first item at once and everything that arrived meanwhile in one write', async () => {
    const writes: number[][] = [];
    const gate = deferred();
    const record = groupCommit<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await gate.promise;
    });
    const first = record(1);
    const rest = [record(2), record(3), record(4)];
    expect(writes).toEqual([[1]]);
    gate.resolve();
    await Promise.all([first, ...rest]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects every item of a failed write, and writes later items again', async () => {
    let fail = true;
    const record = groupCommit<string>(() => (fail ? Promise.reject(new Error('database gone')) : Promise.resolve()));
    await expect(record('a')).rejects.toThrow('database gone');
    fail = false;
    await expect(record('b')).resolves.toBeUndefined();
  });

  it('with gather: one write once every busy writer has brought its item', async () => {
    const writes: number[][] = [];
    const slots = createSendSlots(3, () => record.check());
    const record = groupCommit<number>((items) => { writes.push(items); return Promise.resolve(); }, { writers: () => slots.busy, maxWaitMs: 60_000 });
    const gates = Array.from({ length: 3 }, deferred);
    const tasks = gates.map((gate, i) => slots.run(async () => { await gate.promise; await record(i); }));
    gates[2].resolve();
    gates[0].resolve();
    await settle();
    expect(writes).toEqual([]);
    gates[1].resolve();
    await Promise.all(tasks);
    expect(writes).toEqual([[2, 0, 1]]);
  });

  it('with gather: a writer that leaves without an item does not hold the others', async () => {
    const writes: string[][] = [];
    const slots = createSendSlots(2, () => record.check());
    const record = groupCommit<string>((items) => { writes.push(items); return Promise.resolve(); }, { writers: () => slots.busy, maxWaitMs: 60_000 });
    const gone = deferred();
    const leaving = slots.run(async () => { await gone.promise; throw new Error('send failed before its record'); });
    const recorded = slots.run(() => record('sent'));
    await settle();
    expect(writes).toEqual([]);
    gone.resolve();
    await expect(leaving).rejects.toThrow('send failed before its record');
    await recorded;
    expect(writes).toEqual([['sent']]);
  });

  it('with gather: a slow writer holds the others\' items for the wait at most', async () => {
    const writes: string[][] = [];
    const slots = createSendSlots(2, () => record.check());
    const record = groupCommit<string>((items) => { writes.push(items); return Promise.resolve(); }, { writers: () => slots.busy, maxWaitMs: 20 });
    const slow = deferred();
    const slowTask = slots.run(async () => { await slow.promise; await record('slow'); });
    await slots.run(() => record('quick'));
    expect(writes).toEqual([['quick']]);
    slow.resolve();
    await slowTask;
    expect(writes).toEqual([['quick'], ['slow']]);
  });
});
