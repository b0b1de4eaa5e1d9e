// How far a campaign is: the share of its recipients that are done (sent,
// skipped or failed). One rule for the API (GET /api/campaigns/{id}) and the
// campaign list in the browser. Browser-safe: type imports only.
import type { CampaignStatus } from './schemas.ts';

export interface RecipientCounts {
  recipients: number;
  sent: number;
  skipped: number;
  failed: number;
  status?: CampaignStatus;
}

/** 0-100; a campaign sent to nobody is 100 % done, one not yet dispatched 0 %. */
export function progressPercent({ recipients, sent, skipped, failed, status }: RecipientCounts): number {
  if (!recipients) return status === 'sent' ? 100 : 0;
  return Math.round(((sent + skipped + failed) / recipients) * 100);
}
