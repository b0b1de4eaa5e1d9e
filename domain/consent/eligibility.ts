// Who may be contacted, on which channel, and if not, why: the one rule,
// shared by the server and the browser. The database's
// public.contact_blockers() (supabase/schemas/consent.sql) is the rule the
// database enforces; this mirrors it reason for reason, in the same order, and
// tests/db/contact-eligibility.test.ts runs both over the same cases.
// Browser-safe. A blocker's words are the catalogue's: errors.blockers.<blocker> (decision 032).
import type { Said } from '../i18n/codes.ts';

export type ContactChannel = 'email' | 'whatsapp';

export type ContactBlocker =
  | 'no_email' | 'opted_out' | 'no_consent' | 'consent_expired' | 'suppressed'
  | 'no_whatsapp_number' | 'whatsapp_opted_out' | 'no_whatsapp_consent';

/** What the rule reads of a candidate. A flag left out counts as not withdrawn ("allowsEmail not false"). */
export interface ContactFacts {
  email?: string | null;
  allowsEmail?: boolean | null;
  unsubscribedAt?: string | Date | null;
  /** When the email consent lapses (candidates.email_consent_expires_at, set by the ledger); null or left out: it does not. */
  emailConsentExpiresAt?: string | Date | null;
  /** candidates.email_suppressed, kept by the suppression list's triggers; the browser leaves it out. */
  emailSuppressed?: boolean;
  phone?: string | null;
  whatsappNumber?: string | null;
  allowsWhatsapp?: boolean | null;
  whatsappOptedOutAt?: string | Date | null;
}

const blank = (value: string | null | undefined) => !value?.trim();

/** The consent ran out: its expiry is now or earlier (SQL: email_consent_expires_at <= now()). */
const expired = (expiresAt: string | Date | null | undefined, now: Date) =>
  expiresAt !== null && expiresAt !== undefined && new Date(expiresAt).getTime() <= now.getTime();

/** Why the candidate cannot be contacted on this channel at `now`; empty when they can. */
export function contactBlockers(c: ContactFacts, channel: ContactChannel, now: Date = new Date()): ContactBlocker[] {
  const reasons: ContactBlocker[] = [];
  if (channel === 'email') {
    const optedOut = Boolean(c.unsubscribedAt);
    if (blank(c.email)) reasons.push('no_email');
    if (optedOut) reasons.push('opted_out');
    if (!optedOut && c.allowsEmail === false) reasons.push('no_consent');
    if (!optedOut && c.allowsEmail !== false && expired(c.emailConsentExpiresAt, now)) reasons.push('consent_expired');
    if (!optedOut && c.allowsEmail !== false && !blank(c.email) && c.emailSuppressed) reasons.push('suppressed');
    return reasons;
  }
  const optedOut = Boolean(c.whatsappOptedOutAt);
  if (blank(c.whatsappNumber) && blank(c.phone)) reasons.push('no_whatsapp_number');
  if (optedOut) reasons.push('whatsapp_opted_out');
  if (!optedOut && c.allowsWhatsapp === false) reasons.push('no_whatsapp_consent');
  return reasons;
}

export function canContact(c: ContactFacts, channel: ContactChannel, now: Date = new Date()): boolean {
  return contactBlockers(c, channel, now).length === 0;
}

/** The code of a blocker (campaign skip reasons, the "Cannot Send Email" box, API errors): its text is errors.blockers.<blocker>. */
export function blockerCode(blocker: ContactBlocker): Said {
  return `blockers.${blocker}`;
}

/** Blockers that are about consent (as opposed to missing contact details). */
export const CONSENT_BLOCKERS: ReadonlySet<ContactBlocker> = new Set([
  'opted_out', 'no_consent', 'consent_expired', 'suppressed', 'whatsapp_opted_out', 'no_whatsapp_consent',
]);

/**
 * Consent sources that are the candidate's own doing. An opt-out from one of
 * them stands until the candidate reverses it (public.candidate_consent_sources()).
 */
export const CANDIDATE_CONSENT_SOURCES = [
  'candidate', 'unsubscribe_link', 'one_click', 'list_unsubscribe_mailto', 'reply', 'whatsapp_reply', 'complaint', 'bounce',
] as const;
