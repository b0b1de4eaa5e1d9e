// Who can receive a message (spec §2, §5): the pool preview, the reasons an
// individual cannot be emailed, and the submit-time consent checks. The rule
// itself is domain/consent/eligibility.ts, shared with the server.
import { canContact, contactBlockers, CONSENT_BLOCKERS } from '#domain/consent/eligibility.ts';
import { i18n } from '#app/i18n/i18n.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { Channel } from '#domain/messages/schemas.ts';
import { POOL_PREVIEW_LIMIT } from './constants.ts';

export function isInPool(candidate: Candidate, poolId: number): boolean {
  return candidate.talentPoolId === poolId || candidate.talentPoolIds.includes(poolId);
}

/** Pool recipients: in the pool and emailable now (an email address, allowsEmail not false, not unsubscribed). */
export function eligiblePoolRecipients(candidates: readonly Candidate[], poolId: number | null | undefined): Candidate[] {
  if (poolId === null || poolId === undefined) return [];
  return candidates.filter((c) => isInPool(c, poolId) && canContact(c, 'email'));
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

// The texts below are in the interface's language (i18n/en/panels.ts), read when they are shown.

/** "+ N more", or '' when there are no more. */
export function moreLabel(more: number): string {
  return more > 0 ? i18n.t('panels.compose.more', { count: more }) : '';
}

/** Why this candidate cannot be emailed (the "Cannot Send Email" box); empty when they can. */
export function emailBlockReasons(candidate: Candidate): string[] {
  return contactBlockers(candidate, 'email').map((reason) => i18n.t(`panels.compose.blockers.${reason}`));
}

export interface BlockedToast {
  title: string;
  description: string;
}

/**
 * The toast that blocks an individual send on this channel (spec §5, §8),
 * or null when the send may go ahead. Consent is checked before contact details.
 */
function blockedToast(key: 'emailNotAllowed' | 'noEmail' | 'whatsappNotAllowed' | 'noWhatsapp'): BlockedToast {
  return { title: i18n.t(`panels.compose.block.${key}`), description: i18n.t(`panels.compose.block.${key}Body`) };
}

export function individualSendBlock(candidate: Candidate, channel: Channel): BlockedToast | null {
  const blockers = contactBlockers(candidate, channel);
  const noConsent = blockers.some((reason) => CONSENT_BLOCKERS.has(reason));
  if (channel === 'email') {
    if (noConsent) return blockedToast('emailNotAllowed');
    if (blockers.length) return blockedToast('noEmail');
    return null;
  }
  if (noConsent) return blockedToast('whatsappNotAllowed');
  if (blockers.length) return blockedToast('noWhatsapp');
  return null;
}
