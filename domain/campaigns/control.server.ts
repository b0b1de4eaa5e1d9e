// Pause, resume and cancel (POST /api/campaigns/{id}/pause|resume|cancel).
// The state is the campaign's status; what it means for delivery is in SQL:
// the delivery claim (domain/mail/delivery.ts) leaves a paused or cancelled
// campaign's queued messages alone, and cancelling stops them for good
// (trigger campaigns_stop_on_cancel, migration 20261124000040).
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { Said } from '../i18n/codes.ts';
import { completeCampaigns } from './campaigns.server.ts';
import { ACTION_FROM, type CampaignAction, type CampaignStatus } from './schemas.ts';

const REFUSAL = { pause: 'cannot_pause', resume: 'cannot_resume', cancel: 'cannot_cancel' } as const satisfies Record<CampaignAction, Said>;

/** What the caller queues once the change is committed. */
export type ControlFollowUp =
  | { kind: 'none' }
  /** Resumed before it was dispatched: dispatch it when due. */
  | { kind: 'dispatch'; scheduledAt: Date }
  /** Resumed while sending: its messages still queued get a new delivery job. */
  | { kind: 'deliver'; messages: Array<{ id: number; sendAfter: Date | null }>; resumedAt: string };

/**
 * Moves the campaign on, or refuses with 409 (field 'status') when its status
 * does not allow it; 404 when there is no such campaign.
 */
export async function controlCampaign(tx: Tx, id: number, action: CampaignAction): Promise<ControlFollowUp> {
  const { rows: [campaign] } = await tx.query<{ status: CampaignStatus; started: boolean; scheduledAt: Date }>(
    `select status, started_at is not null as started, scheduled_at as "scheduledAt" from public.campaigns where id = $1 for update`, [id]);
  if (!campaign) throw new DomainError(404, 'campaign_not_found', 'id');
  if (!ACTION_FROM[action].includes(campaign.status)) throw new DomainError(409, REFUSAL[action], 'status');

  if (action === 'pause') {
    await tx.query(`update public.campaigns set status = 'paused' where id = $1`, [id]);
    return { kind: 'none' };
  }
  if (action === 'cancel') {
    // The trigger marks the queued messages failed and their recipients cancelled.
    await tx.query(`update public.campaigns set status = 'cancelled', completed_at = now() where id = $1`, [id]);
    return { kind: 'none' };
  }
  if (!campaign.started) {
    await tx.query(`update public.campaigns set status = 'scheduled' where id = $1`, [id]);
    return { kind: 'dispatch', scheduledAt: campaign.scheduledAt };
  }
  const { rows: [{ resumedAt }] } = await tx.query<{ resumedAt: string }>(
    `update public.campaigns set status = 'sending' where id = $1 returning updated_at::text as "resumedAt"`, [id]);
  // Messages that went out (or failed) while it was paused may have been the last ones.
  await completeCampaigns(tx, [id]);
  const { rows: messages } = await tx.query<{ id: number; sendAfter: Date | null }>(
    `select id::int, send_after as "sendAfter" from public.messages
      where campaign_id = $1 and direction = 'out' and status = 'queued' order by id`, [id]);
  return { kind: 'deliver', messages, resumedAt };
}
