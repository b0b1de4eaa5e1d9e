// Who can receive a message (spec §2, §5): the pool preview, the reasons an
// individual cannot be emailed, and the submit-time consent checks. The rule
// itself is domain/consent/eligibility.ts, shared with the server; a pool's
// recipients are the server's answer (GET /api/talent-pools/{id}/reach, which
// knows the suppression list), never counted here.
import { contactBlockers, CONSENT_BLOCKERS } from '#domain/consent/eligibility.ts';
import { i18n } from '#app/i18n/i18n.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { Channel } from '#domain/messages/schemas.ts';
import type { PoolReach } from '#domain/talent-pools/schemas.ts';
import { POOL_PREVIEW_LIMIT } from './constants.ts';

export interface PoolPreview {
  /** How many get it: the reach's `eligible`. */
  count: number;
  names: string[];
  /** How many more recipients there are beyond `names` (0: none). */
  more: number;
}

/** A pool's reach as the preview shows it: the count, at most POOL_PREVIEW_LIMIT names, then a count of the rest. */
export function poolPreview(reach: Pick<PoolReach, 'eligible' | 'names'>): PoolPreview {
  const names = (reach.names ?? []).slice(0, POOL_PREVIEW_LIMIT);
  return { count: reach.eligible, names, more: Math.max(0, reach.eligible - names.length) };
}

// The texts below are in the interface's language (i18n/en/panels.ts), read when they are shown.

/** "+ N more", or '' when there are no more. */
export function moreLabel(more: number): string {
  return more > 0 ? i18n.t('panels.compose.more', { count: more }) : '';
}

/** Why this candidate cannot be emailed (the "Cannot Send Email" box); empty when they can. */
export function emailBlockReasons(candidate: Candidate): string[] {
  return contactBlockers(candidate, 'email').map((reason) => i18n.t(`errors.blockers.${reason}`));
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
