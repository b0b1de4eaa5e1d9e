// What of a campaign waits for a later moment, and why: a sequence's delay or a send
// window, or a sender limit (the wait_reason the delivery claim writes, decision 019).
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import type { CampaignWaiting } from './schemas.ts';

/** What of a campaign waits, and why, for its detail page. */
export async function waitingCounts(tx: Tx, campaignId: number): Promise<CampaignWaiting> {
  const { rows: [row] } = await tx.query<CampaignWaiting>(
    `select (count(*) filter (where wait_reason is null))::int as "waitingForWindow",
            (count(*) filter (where wait_reason is not null))::int as "waitingForLimit",
            (count(*) filter (where wait_reason = 'sender_daily_cap'))::int as "waitingForDailyCap",
            ${isoTimestamp('min(send_after)')} as "nextSendAt"
       from public.messages
      where campaign_id = $1 and status = 'queued' and send_after is not null and send_after > now()`, [campaignId]);
  return row;
}
