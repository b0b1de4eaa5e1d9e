// Consent renewal (issue 30): before a candidate's email consent expires (organisation_settings.renewal_lead_days
// ahead), one renewal email in their language asks them to keep it, with a one-click link to the keep-informed
// page (a button that POSTs: mail scanners follow links). It is an ordinary queued message (kind consent_renewal),
// so it goes through the normal send path: the delivery claim's consent check, the sender's caps and the
// recruiter's or shared sender. The candidate's claim (consent_renewal_sent_at, taken with SKIP LOCKED and
// re-checked by the update) makes it one email per consent, however many workers run the job. Without an answer
// the consent lapses on the day (contact_blockers: consent_expired). Nothing here grants consent.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../platform/db/request.server.ts';
import type { Language } from '../schemas/language.ts';
import { localeOf, type Locale } from '../i18n/locale.ts';
import { translator } from '../i18n/translate.ts';
import { firstName } from '../placeholders/placeholders.ts';
import { keepInformedUrl } from '../mail/compose.server.ts';

/** Candidates claimed per transaction. */
export const RENEWAL_BATCH = 500;

interface Due {
  candidateId: number;
  name: string;
  expiresAt: Date;
  language: Language;
  timeZone: string;
  senderId: string | null;
}

const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL' };

/** "30 March 2027" / "30 maart 2027", in the candidate's zone. */
export function consentDate(at: Date | string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: 'long', timeZone }).format(new Date(at));
}

/** The renewal email's subject and text (plain; composeMail adds the footer with the unsubscribe and privacy links). */
export function renewalMail(due: Pick<Due, 'name' | 'expiresAt' | 'language' | 'timeZone'>, link: string): { subject: string; content: string } {
  const locale = localeOf(due.language);
  const t = translator(locale, 'emails.renewal');
  const name = firstName(due.name);
  const date = consentDate(due.expiresAt, locale, due.timeZone);
  return {
    subject: t('subject'),
    content: [name ? t('greeting', { name }) : t('greetingNoName'), t('consent', { date }), `${t('ask')}\n${link}`, t('noAnswer', { date })].join('\n\n'),
  };
}

/**
 * One batch: claims up to `limit` candidates whose email consent expires within the lead days of `now` and who
 * may still be emailed, and queues each one renewal message. Returns the messages to deliver (the caller queues
 * their mail jobs after the commit; the worker's sweep finds them otherwise).
 */
export async function queueConsentRenewals(tx: Tx, publicUrl: string, now: Date = new Date(), limit = RENEWAL_BATCH):
  Promise<Array<{ id: number; sendAfter: null }>> {
  const { rows: due } = await tx.query<Due>(
    `with due as (
       select c.id from public.candidates c
        where c.email_consent_expires_at is not null and c.consent_renewal_sent_at is null
          and c.email_consent_expires_at > $1::timestamptz
          and c.email_consent_expires_at <= $1::timestamptz
                + make_interval(days => (select coalesce(max(s.renewal_lead_days), 30) from public.organisation_settings s))
          and public.can_contact(c, 'email')
        order by c.email_consent_expires_at, c.id
        limit $2
          for update of c skip locked
     )
     update public.candidates c set consent_renewal_sent_at = now()
       from due where c.id = due.id and c.consent_renewal_sent_at is null
     returning c.id::int as "candidateId", c.name, c.email_consent_expires_at as "expiresAt",
       coalesce(c.language, (select s.default_language from public.organisation_settings s), 'english') as language,
       coalesce(c.time_zone, (select s.time_zone from public.organisation_settings s), 'Europe/Amsterdam') as "timeZone",
       -- Whose mail it is: the recruiter who last wrote to them (or their campaign's), else who added them.
       coalesce((select coalesce(m.sender_id, k.created_by) from public.messages m
                   left join public.campaigns k on k.id = m.campaign_id
                  where m.candidate_id = c.id and m.direction = 'out' and coalesce(m.sender_id, k.created_by) is not null
                  order by m.created_at desc, m.id desc limit 1), c.created_by) as "senderId"`,
    [now, limit]);
  if (!due.length) return [];
  const tokens = due.map(() => randomBytes(12).toString('hex'));
  const mails = due.map((row, i) => renewalMail(row, keepInformedUrl(publicUrl, tokens[i])));
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.messages (candidate_id, direction, channel, subject, content, status, sender_id, reply_token, kind)
     select candidate_id, 'out', 'email', subject, content, 'queued', sender_id, reply_token, 'consent_renewal'
       from unnest($1::bigint[], $2::text[], $3::text[], $4::uuid[], $5::text[]) as t(candidate_id, subject, content, sender_id, reply_token)
     returning id::int`,
    [due.map((row) => row.candidateId), mails.map((m) => m.subject), mails.map((m) => m.content), due.map((row) => row.senderId), tokens]);
  return rows.map((row) => ({ id: row.id, sendAfter: null }));
}
