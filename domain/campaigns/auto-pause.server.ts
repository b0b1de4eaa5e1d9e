// A campaign pauses by itself when its mail starts to bounce or to be marked as
// spam (issue 12). The rule is SQL (migration 20261126000410): the trigger on
// engagement_events calls public.auto_pause_campaign() for each hard bounce
// (kind 'bounce', metadata.type 'hard') or complaint, which pauses a sending
// campaign once AUTO_PAUSE.percent of its last AUTO_PAUSE.window sent emails,
// counted from AUTO_PAUSE.minimumSent, bounced hard or drew a complaint, and
// stores the reason in campaigns.paused_reason. Any other status clears the
// reason; a resume restarts the count (campaigns.health_since).
// tests/api/auto-pause.test.ts checks these numbers against the SQL.
import type { Tx } from '../../platform/db/request.server.ts';

export const AUTO_PAUSE = { window: 200, minimumSent: 20, percent: 5 } as const;

export interface DeliveryHealth {
  /** Sent emails counted: the last AUTO_PAUSE.window since the last resume. */
  sent: number;
  /** Of those, hard bounces and spam complaints. */
  bad: number;
}

/** The TS mirror of public.auto_pause_campaign()'s condition. */
export function crossesAutoPause(health: DeliveryHealth): boolean {
  return health.sent >= AUTO_PAUSE.minimumSent && health.bad * 100 >= health.sent * AUTO_PAUSE.percent;
}

/** What the automatic pause counts for a campaign now. */
export async function deliveryHealth(tx: Tx, campaignId: number): Promise<DeliveryHealth> {
  const { rows: [row] } = await tx.query<DeliveryHealth>(
    'select sent, bad from public.campaign_delivery_health($1, $2)', [campaignId, AUTO_PAUSE.window]);
  return row;
}

/** Why the campaign paused by itself, or null (not paused, or paused by a person). */
export async function pausedReason(tx: Tx, campaignId: number): Promise<string | null> {
  const { rows } = await tx.query<{ reason: string | null }>('select paused_reason as reason from public.campaigns where id = $1', [campaignId]);
  return rows[0]?.reason ?? null;
}
