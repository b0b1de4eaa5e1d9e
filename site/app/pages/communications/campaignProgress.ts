// A campaign's progress from its recipient counts (GET /api/campaigns).
export interface RecipientCounts {
  recipients: number;
  sent: number;
  skipped: number;
  failed: number;
  status?: string;
}

/** Share of recipients that are done (sent, skipped or failed), 0-100. */
export function progressPercent({ recipients, sent, skipped, failed, status }: RecipientCounts): number {
  if (!recipients) return status === 'sent' ? 100 : 0;
  return Math.round(((sent + skipped + failed) / recipients) * 100);
}

export const STATUS_COLORS: Record<string, string> = {
  draft: 'gray', scheduled: 'blue', sending: 'yellow', sent: 'green', failed: 'red', cancelled: 'gray',
};
