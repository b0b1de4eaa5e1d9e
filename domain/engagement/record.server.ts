// Writing one open or click (the engagement-record job's work; the endpoint
// answered before). Each event is written once per message, kind, link and
// hour: a repeated pixel load or a double click adds nothing. Machine and
// human events are counted apart (":machine" in the key): a link scanner's
// click at delivery must not hide the candidate's own click later that hour.
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES, type JobQueue } from '../../platform/runtime/jobs.server.ts';
import { classifyClick, classifyOpen } from './machine-opens.ts';
import type { TrackingHit } from './tracking.server.ts';

export interface RecordResult {
  /** False: the message is gone or the link index is not one of its links, or the event was written already. */
  written: boolean;
  machine: boolean;
  machineReason: string | null;
}

const HOUR_MS = 3_600_000;

/** `${messageId}:${kind}:${link index or ''}:${hour bucket}`, plus ":machine" for a machine's. */
export function dedupeKey(hit: Pick<TrackingHit, 'messageId' | 'kind' | 'linkIndex' | 'at'>, machine: boolean): string {
  const bucket = Math.floor(new Date(hit.at).getTime() / HOUR_MS);
  return `${hit.messageId}:${hit.kind}:${hit.linkIndex ?? ''}:${bucket}${machine ? ':machine' : ''}`;
}

/** Writes the hit once; a human event queues the candidate's score recompute. */
export async function recordHit(pool: pg.Pool, hit: TrackingHit, jobs?: JobQueue): Promise<RecordResult> {
  return (await recordHits(pool, [hit], jobs))[0];
}

const NOT_WRITTEN: RecordResult = { written: false, machine: false, machineReason: null };

interface EventRow {
  hitIndex: number;
  candidateId: number;
  messageId: number;
  campaignId: string | null;
  kind: TrackingHit['kind'];
  url: string | null;
  at: Date;
  machine: boolean;
  reason: string | null;
  userAgent: string | null;
  key: string;
}

/**
 * Writes many hits in one transaction (one read of their messages, one insert): the job gets
 * hits in batches, as a busy minute brings thousands. Answers one result per hit, in order.
 */
export async function recordHits(pool: pg.Pool, hits: TrackingHit[], jobs?: JobQueue): Promise<RecordResult[]> {
  const results = hits.map(() => NOT_WRITTEN);
  const valid = hits.map((hit, index) => ({ hit, index, at: new Date(hit.at) }))
    .filter(({ hit, at }) => !Number.isNaN(at.getTime()) && Number.isSafeInteger(hit.messageId));
  if (!valid.length) return results;
  const inserted = await asService(pool, async (tx) => {
    const { rows: messages } = await tx.query<{ id: string; candidate_id: string; campaign_id: string | null; sent_at: Date | null; tracked_links: string[] }>(
      `select id, candidate_id, campaign_id, sent_at, tracked_links from public.messages where id = any($1::bigint[]) and direction = 'out'`,
      [[...new Set(valid.map(({ hit }) => hit.messageId))]]);
    const byId = new Map(messages.map((message) => [Number(message.id), message]));
    const rows = new Map<string, EventRow>();
    for (const { hit, index, at } of valid) {
      const message = byId.get(hit.messageId);
      if (!message) continue;
      const url = hit.kind === 'click' ? message.tracked_links[hit.linkIndex ?? -1] ?? null : null;
      if (hit.kind === 'click' && !url) continue;
      const signals = {
        userAgent: hit.userAgent, ip: hit.ip,
        secondsAfterSent: message.sent_at ? (at.getTime() - message.sent_at.getTime()) / 1000 : null,
      };
      const { machine, reason } = hit.kind === 'open' ? classifyOpen(signals) : classifyClick(signals);
      results[index] = { written: false, machine, machineReason: reason };
      const key = dedupeKey(hit, machine);
      // The first hit of a key in the batch is the one written.
      if (!rows.has(key)) {
        rows.set(key, { hitIndex: index, candidateId: Number(message.candidate_id), messageId: hit.messageId, campaignId: message.campaign_id,
          kind: hit.kind, url, at, machine, reason, userAgent: hit.userAgent?.slice(0, 500) ?? null, key });
      }
    }
    if (!rows.size) return [];
    const list = [...rows.values()];
    const { rows: written } = await tx.query<{ dedupe_key: string }>(
      `insert into public.engagement_events
         (candidate_id, message_id, campaign_id, kind, url, occurred_at, machine, machine_reason, user_agent, dedupe_key)
       select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::boolean[], $8::text[], $9::text[], $10::text[])
       on conflict (dedupe_key) where dedupe_key is not null do nothing
       returning dedupe_key`,
      [list.map((r) => r.candidateId), list.map((r) => r.messageId), list.map((r) => r.campaignId), list.map((r) => r.kind),
        list.map((r) => r.url), list.map((r) => r.at), list.map((r) => r.machine), list.map((r) => r.reason),
        list.map((r) => r.userAgent), list.map((r) => r.key)]);
    return written.map((row) => rows.get(row.dedupe_key)!);
  });
  for (const row of inserted) results[row.hitIndex] = { written: true, machine: row.machine, machineReason: row.reason };
  // The insert marked those candidates pending (a trigger): the job recomputes them.
  if (inserted.some((row) => !row.machine)) await enqueueQuietly(jobs, QUEUES.engagementScore, [engagementScoreJob()]);
  return results;
}
