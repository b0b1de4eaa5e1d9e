// Builds the email for one outbound message: Message-ID from the row id,
// In-Reply-To/References for replies, a plus-addressed Reply-To (so replies
// thread even without those headers), a visible unsubscribe link and
// List-Unsubscribe with an RFC 8058 one-click URL and a mailto: address, and
// the link to the candidate's privacy page ("Your data", the same token).
// The reply token is not in the subject: the candidate sees a clean subject
// (mails sent with an earlier "[ref:...]" tag still thread, domain/inbound.ts).
import type { Config } from '../../platform/runtime/config.server.ts';
import { detectLanguage, type Language } from '../placeholders/placeholders.ts';
import { literalHeaderText, type OutgoingMail } from '../../platform/mail/port.server.ts';
import { escapeHtml } from '../html.ts';
import { clickUrl, openPixelUrl, rewriteText, segments } from '../engagement/tracking.server.ts';
import { localeOf } from '../i18n/locale.ts';
import { translator } from '../i18n/translate.ts';
import type { SendFrom } from './send-from.ts';

export interface OutboundRow {
  id: number;
  replyToken: string;
  subject: string | null;
  content: string;
  candidateName: string;
  candidateEmail: string;
  language?: Language | null;
  /** Message-ID of the message this one answers (replies only). */
  inReplyTo?: string | null;
  /** Message-IDs of the thread so far, oldest first. */
  references?: string[];
  /**
   * Open and click tracking (organisation_settings.tracking_enabled): the message's token and its
   * tracked_links (domain/engagement/tracking.ts). Absent: no pixel, links as they are.
   */
  tracking?: { token: string; links: string[] } | null;
  /**
   * The From header when the organisation has a default sender (senderFrom, read at the claim);
   * absent: the configured one. The Message-ID and the reply address stay on the configured
   * sender's domain either way, so a retry after a settings change keeps its Message-ID.
   */
  from?: string;
  /**
   * The recruiter's own mailbox sends it (recruiterSender): Graph sends from it, and answers go back to it
   * (Reply-To is that address, not the reply+token one), where the inbox sync reads them.
   */
  ownMailbox?: string;
}

export interface MailSettings {
  from: string;
  replyTo?: string;
  publicUrl: string;
}

export function mailSettings(config: Pick<Config, 'smtp' | 'mail' | 'publicUrl'>): MailSettings {
  return { from: config.smtp.from, replyTo: config.mail.replyTo, publicUrl: config.publicUrl };
}

export function addressOf(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

export function domainOf(mailbox: string): string {
  return addressOf(mailbox).split('@')[1] ?? 'talentloop.local';
}

/** The organisation's default sender (organisation_settings.sender_name, sender_email); null: not set. */
export interface OrganisationSender {
  senderName: string | null;
  senderEmail: string | null;
}

/** `"Name" <address>`, the name cleaned of what would break the header; just the address without a name. */
export function mailbox(name: string | null | undefined, address: string): string {
  const display = name?.replace(/["\\<>\r\n]/g, '').trim();
  return display ? `"${literalHeaderText(display)}" <${address}>` : address;
}

/**
 * The From of outgoing mail: the configured sender (MAIL_FROM), under the organisation's default
 * sender name when one is set, at its default sender address when one is set. With Microsoft Graph
 * the configured one as it is: Graph sends as its mailbox (another address needs "Send As" rights
 * in Exchange), and Exchange writes the mailbox's own display name whatever the header says.
 */
export function senderFrom(configured: string, organisation: OrganisationSender | null, via: 'smtp' | 'graph' | 'outbox'): string {
  const name = organisation?.senderName?.trim();
  const address = organisation?.senderEmail?.trim();
  if (via === 'graph' || (!name && !address)) return configured;
  return mailbox(name || (/^\s*"?([^"<]*?)"?\s*</.exec(configured)?.[1] ?? null), address || addressOf(configured));
}

/**
 * The recruiter as the sender (decision 039): with organisation_settings.send_from 'recruiter' and Microsoft
 * Graph, their name and profile address in From, sent from their own mailbox. null: the shared sender applies
 * (senderFrom); 'no_mailbox': it should leave a recruiter's mailbox, but the mail has no recruiter with an
 * address (a campaign whose creator was removed), and it is not sent from another one instead.
 */
export function recruiterSender(sendFrom: SendFrom | null | undefined, via: 'smtp' | 'graph' | 'outbox',
  recruiter: { name: string | null; email: string | null } | null): { from: string; mailbox: string } | 'no_mailbox' | null {
  if (sendFrom !== 'recruiter' || via !== 'graph') return null;
  if (!recruiter?.email) return 'no_mailbox';
  const address = recruiter.email.toLowerCase();
  return { from: mailbox(recruiter.name, address), mailbox: address };
}

/** Stable per message: a resend after a crash carries the same Message-ID, and receivers de-duplicate on it. */
export function internetMessageId(id: number, replyToken: string, from: string): string {
  return `<talentloop.${id}.${replyToken.slice(0, 8)}@${domainOf(from)}>`;
}

/** The reply mailbox with `tag` after a "+": reply@example.com → reply+<tag>@example.com */
function plusAddress(settings: MailSettings, tag: string): string {
  const base = addressOf(settings.replyTo ?? `reply@${domainOf(settings.from)}`);
  const [local, domain] = base.split('@');
  return `${local.split('+')[0]}+${tag}@${domain}`;
}

/** reply@example.com + token → reply+<token>@example.com */
export function replyAddress(settings: MailSettings, replyToken: string): string {
  return plusAddress(settings, replyToken);
}

/** The mailto: unsubscribe address: reply+unsubscribe-<token>@example.com (the inbound path honours it). */
export function unsubscribeAddress(settings: MailSettings, replyToken: string): string {
  return plusAddress(settings, `unsubscribe-${replyToken}`);
}

export const oneClickUrl = (publicUrl: string, token: string) => `${publicUrl}/api/unsubscribe/${token}`;
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe/${token}`;
/**
 * The candidate's privacy page (edge-functions/routes/privacy.ts): what we hold about them, with the download,
 * corrections, consent and erasure. The token is a message's reply_token, or a meeting email's privacy_token.
 */
export const privacyPageUrl = (publicUrl: string, token: string) => `${publicUrl}/privacy/${token}`;
/** The consent renewal email's one-click page: a button that renews (the GET changes nothing). */
export const keepInformedUrl = (publicUrl: string, token: string) => `${privacyPageUrl(publicUrl, token)}/keep-informed`;

/** The footer's words in each language we write in (the catalogue's emails.message). */
function footerIn(language: Language): { why: string; link: string; data: string } {
  const t = translator(localeOf(language), 'emails.message');
  return { why: t('footer'), link: t('unsubscribe'), data: t('privacy') };
}

// Exported for reading replies: the quoted footer is ours, not the candidate's words.
export const FOOTER: Record<Language, { why: string; link: string; data: string }> = { english: footerIn('english'), dutch: footerIn('dutch') };

/**
 * The mail of one message. Its own words (footer, unsubscribe link, a missing subject) are in the
 * language of the mail above them: the campaign's, else the one its text is written in.
 */
export function composeMail(row: OutboundRow, settings: MailSettings): OutgoingMail {
  const language = row.language ?? detectLanguage(row.content);
  const footer = FOOTER[language];
  const pageUrl = unsubscribePageUrl(settings.publicUrl, row.replyToken);
  const dataUrl = privacyPageUrl(settings.publicUrl, row.replyToken);
  const subject = row.subject?.trim() || translator(localeOf(language), 'emails.message')('defaultSubject');
  // One kind of line break in what we store; the raw mail gets CRLF when it is built (port.ts).
  const content = row.content.replace(/\r\n?/g, '\n').trim();
  const tracking = row.tracking ?? null;
  const paragraphs = content.split(/\n{2,}/).map((p) => `<p>${paragraphHtml(p, tracking, settings.publicUrl)}</p>`).join('\n');
  const text = tracking ? rewriteText(content, tracking.links, settings.publicUrl, tracking.token) : content;
  const pixel = tracking
    ? `<img src="${escapeHtml(openPixelUrl(settings.publicUrl, tracking.token))}" width="1" height="1" alt="">\n` : '';
  const messageId = internetMessageId(row.id, row.replyToken, settings.from);
  return {
    messageRowId: row.id,
    messageId,
    from: row.from ?? settings.from,
    to: { name: row.candidateName, address: row.candidateEmail },
    replyTo: row.ownMailbox ?? replyAddress(settings, row.replyToken),
    mailbox: row.ownMailbox,
    subject,
    text: `${text}\n\n-- \n${footer.why}\n${footer.link}: ${pageUrl}\n${footer.data}: ${dataUrl}\n`,
    html: `<!doctype html><html lang="${localeOf(language)}"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">\n${paragraphs}\n` +
      `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">\n` +
      `<p style="font-size:12px;color:#6b7280">${escapeHtml(footer.why)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(footer.link)}</a>` +
      ` · <a href="${escapeHtml(dataUrl)}">${escapeHtml(footer.data)}</a></p>\n${pixel}</body></html>`,
    inReplyTo: row.inReplyTo ?? undefined,
    references: row.inReplyTo ? [...new Set([...(row.references ?? []), row.inReplyTo])] : undefined,
    headers: {
      // Both forms (RFC 2369): clients that do not do one-click can still send the mail.
      'List-Unsubscribe': `<${oneClickUrl(settings.publicUrl, row.replyToken)}>, ` +
        `<mailto:${unsubscribeAddress(settings, row.replyToken)}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Talentloop-Message': String(row.id),
    },
  };
}

/**
 * One paragraph of the HTML part. With tracking, each tracked URL is a link through the click
 * endpoint that shows the URL the candidate will land on; other text (and untracked URLs) as before.
 */
function paragraphHtml(paragraph: string, tracking: OutboundRow['tracking'], publicUrl: string): string {
  const html = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');
  if (!tracking) return html(paragraph);
  return segments(paragraph).map((segment) => {
    if (segment.kind === 'text') return html(segment.text);
    const index = tracking.links.indexOf(segment.url);
    if (index < 0) return html(segment.url);
    return `<a href="${escapeHtml(clickUrl(publicUrl, tracking.token, index))}">${html(segment.url)}</a>`;
  }).join('');
}
