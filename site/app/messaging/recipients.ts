// Who can receive a message (spec §2, §5): the pool preview, the reasons an
// individual cannot be emailed, and the submit-time consent checks.
import { POOL_PREVIEW_LIMIT } from './constants.ts';
import type { Candidate, Channel } from './types.ts';

export const NO_EMAIL_REASON = 'No email address on file';
export const NO_EMAIL_CONSENT_REASON = 'Candidate has not consented to email';

export function isInPool(candidate: Candidate, poolId: number): boolean {
  return candidate.talentPoolId === poolId || (candidate.talentPoolIds ?? []).includes(poolId);
}

/** Pool recipients: in the pool, with an email address, allowsEmail not false. */
export function eligiblePoolRecipients(candidates: readonly Candidate[], poolId: number | null | undefined): Candidate[] {
  if (poolId === null || poolId === undefined) return [];
  return candidates.filter((c) => isInPool(c, poolId) && Boolean(c.email?.trim()) && c.allowsEmail !== false);
}

export interface PoolPreview {
  names: string[];
  /** How many more recipients there are beyond `names` (0: none). */
  more: number;
}

/** At most `limit` names, then a count of the rest. */
export function poolPreview(recipients: readonly { name: string }[], limit = POOL_PREVIEW_LIMIT): PoolPreview {
  return { names: recipients.slice(0, limit).map((r) => r.name), more: Math.max(0, recipients.length - limit) };
}

/** "+ N more", or '' when there are no more. */
export function moreLabel(more: number): string {
  return more > 0 ? `+ ${more} more` : '';
}

/** Why this candidate cannot be emailed (the "Cannot Send Email" box); empty when they can. */
export function emailBlockReasons(candidate: Candidate): string[] {
  return [
    ...(!candidate.email?.trim() ? [NO_EMAIL_REASON] : []),
    ...(candidate.allowsEmail === false ? [NO_EMAIL_CONSENT_REASON] : []),
  ];
}

export interface BlockedToast {
  title: string;
  description: string;
}

/**
 * The toast that blocks an individual send on this channel (spec §5, §8),
 * or null when the send may go ahead. Consent is checked before contact details.
 */
export function individualSendBlock(candidate: Candidate, channel: Channel): BlockedToast | null {
  if (channel === 'email') {
    if (candidate.allowsEmail === false) {
      return { title: 'Email Not Allowed', description: 'This candidate has not consented to email. Please select WhatsApp instead.' };
    }
    if (!candidate.email?.trim()) {
      return { title: 'No Email Address', description: 'This candidate has no email address on file.' };
    }
    return null;
  }
  if (candidate.allowsWhatsapp === false) {
    return { title: 'WhatsApp Not Allowed', description: 'This candidate has not consented to WhatsApp. Please select email instead.' };
  }
  if (!candidate.whatsappNumber?.trim() && !candidate.phone?.trim()) {
    return { title: 'No WhatsApp Number', description: 'This candidate has no WhatsApp number or phone number on file.' };
  }
  return null;
}
