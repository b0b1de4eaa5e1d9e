// Which worker processes are alive (decision 011). Each worker has an id and
// touches its row in private.worker_heartbeats every HEARTBEAT_SECONDS. Work it
// claims carries that id (messages.claimed_by); the claim is stale, and another
// worker may take the work, once the worker has not been seen for
// CLAIM_STALE_SECONDS. A worker that cannot reach the database to say it is
// alive stops starting claimed work well before others may take it.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { asService } from '../db/request.server.ts';

export const HEARTBEAT_SECONDS = 3;
export const CLAIM_STALE_SECONDS = 15;
/** A worker whose last heartbeat is older than this (by its own clock) starts no more claimed work. */
const SELF_FENCE_SECONDS = CLAIM_STALE_SECONDS - 2 * HEARTBEAT_SECONDS;

export interface WorkerIdentity {
  readonly id: string;
  /** True while others cannot consider this worker's claims stale: it may start claimed work. */
  holdsClaims(): boolean;
  /**
   * The caller touched this worker's heartbeat in a transaction (public.touch_worker_heartbeat) that
   * started at `startedAt` (performance.now()) and has committed: as good as a beat.
   */
  beatCommitted(startedAt: number): void;
  /** Ids of the messages this process is working on now; a claim of ours not in here was abandoned. */
  readonly working: Set<number>;
}

export interface Heartbeat {
  identity: WorkerIdentity;
  /** Stops beating and removes the row, so that anything still claimed is free at once. */
  stop(): Promise<void>;
}

/**
 * Writes the first heartbeat (before the worker may claim anything), then one
 * every HEARTBEAT_SECONDS until stopped.
 */
export async function startHeartbeat(app: pg.Pool, log: (line: string) => void): Promise<Heartbeat> {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let lastBeat = -Infinity;
  let failing = false;
  const beat = async () => {
    const started = performance.now();
    try {
      await asService(app, (tx) => tx.query('select public.touch_worker_heartbeat($1)', [id]));
      lastBeat = started;
      if (failing) log(`worker ${id}: heartbeat restored`);
      failing = false;
    } catch (error) {
      if (!failing) log(`worker ${id}: heartbeat failed: ${(error as Error).message}`);
      failing = true;
    }
  };
  await beat();
  if (lastBeat === -Infinity) throw new Error(`worker ${id}: could not write the first heartbeat`);

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => { running = beat().finally(next); }, HEARTBEAT_SECONDS * 1000);
  };
  next();

  return {
    identity: {
      id,
      holdsClaims: () => performance.now() - lastBeat < SELF_FENCE_SECONDS * 1000,
      beatCommitted: (startedAt) => { lastBeat = Math.max(lastBeat, startedAt); },
      working: new Set(),
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await asService(app, (tx) => tx.query('select public.forget_worker($1)', [id])).catch(() => undefined);
    },
  };
}

/** SQL: whether the claim on message row `m` is stale. Claims from before claimed_by existed keep the old 5-minute rule. */
export const STALE_CLAIM_SQL = `(case when m.claimed_by is null then m.updated_at < now() - interval '5 minutes'
      else not public.worker_seen_within(m.claimed_by, ${CLAIM_STALE_SECONDS}) end)`;
