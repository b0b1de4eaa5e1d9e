// Mail to the organisation's own people rather than to candidates: the admins' weekly erasure preview
// (data-rights/retention-digest.server.ts) and the notice of new access requests
// (./access-request-notice.server.ts). Not a message: no consent check, no unsubscribe link, not in
// `messages`; marked as sent by a machine (Auto-Submitted). It leaves the shared sender (MAIL_FROM, or
// MS_MAILBOX with Graph) under the organisation's default sender name, never a recruiter's own mailbox.
import type pg from 'pg';
import type { MailPort, OutgoingMail } from '../../platform/mail/port.server.ts';
import type { Locale } from '../i18n/locale.ts';
import { addressOf, domainOf, senderFrom, type OrganisationSender } from './compose.server.ts';

/** An admin who gets staff mail: not banned, and has not turned staff emails off for themselves. */
export interface StaffRecipient {
  id: string;
  name: string;
  email: string;
  /** Their interface language; null: the browser's, which the server does not know. */
  language: 'en' | 'nl' | null;
}

/** What staff mail needs of the organisation's settings. */
export interface StaffMailSettings extends OrganisationSender {
  defaultLanguage: 'english' | 'dutch' | null;
}

/** What sending staff mail needs besides the database. */
export interface StaffMailDeps {
  mail: MailPort;
  /** The configured sender (MAIL_FROM). */
  from: string;
  publicUrl: string;
}

/**
 * Who gets staff mail, as StaffRecipient rows: the admins who are not banned and keep staff emails on (their own
 * choice in Settings → Profile). A query to select from or join.
 */
export const STAFF_RECIPIENTS_SQL = `select id, display_name as name, email::text as email, language from public.profiles
  where role = 'admin' and not banned and staff_emails`;

/** The admins who get staff mail, by name. */
export async function staffRecipients(owner: pg.Pool): Promise<StaffRecipient[]> {
  const { rows } = await owner.query<StaffRecipient>(`${STAFF_RECIPIENTS_SQL} order by name, id`);
  return rows;
}

/** The organisation's sender and default language, as staff mail reads them. */
export const STAFF_MAIL_COLUMNS = `s.default_language as "defaultLanguage", s.sender_name as "senderName", s.sender_email as "senderEmail"`;

/** The admin's language: their interface language, else the organisation's default drafts language, else English. */
export function staffLocale(admin: Pick<StaffRecipient, 'language'>, settings: Pick<StaffMailSettings, 'defaultLanguage'>): Locale {
  return admin.language ?? (settings.defaultLanguage === 'dutch' ? 'nl' : 'en');
}

/**
 * One staff email to one admin. `kind` and `key` make its Message-ID, fixed for the same email to the same admin:
 * a second try is recognisable as the same email.
 */
export function staffMail(mail: {
  configuredFrom: string; settings: OrganisationSender; via: MailPort['kind'];
  kind: string; key: string; to: Pick<StaffRecipient, 'id' | 'name' | 'email'>;
  subject: string; text: string; html: string;
}): OutgoingMail {
  const from = senderFrom(mail.configuredFrom, mail.settings, mail.via);
  return {
    messageRowId: null,
    messageId: `<talentloop.${mail.kind}.${mail.key}.${mail.to.id}@${domainOf(from)}>`,
    from,
    to: { name: mail.to.name, address: mail.to.email },
    replyTo: addressOf(from),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Talentloop-Staff-Mail': mail.kind },
  };
}
