// Reading a bounce: RFC 3464 delivery-status notifications (multipart/report
// with a message/delivery-status part, as Gmail, Exchange/Outlook and Postfix
// send them) and, failing that, the plain-text "failure notice" of older MTAs
// (qmail, Exim) read heuristically. Pure: no database, no mailparser (its
// simpleParser folds the delivery-status part into the text and flattens the
// returned message), so a small MIME walker of our own reads the parts.
import { createHash } from 'node:crypto';

export type DsnAction = 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded';
export type BounceType = 'hard' | 'soft';

export interface DsnRecipient {
  /** Final-Recipient (else Original-Recipient), lower case. */
  recipient: string | null;
  originalRecipient: string | null;
  action: DsnAction | null;
  /** RFC 3463 enhanced status code, e.g. "5.1.1". */
  status: string | null;
  diagnostic: string | null;
  remoteMta: string | null;
}

export interface DeliveryReport {
  /** 'rfc3464': a machine-readable message/delivery-status part; 'heuristic': read from the text. */
  source: 'rfc3464' | 'heuristic';
  reportingMta: string | null;
  recipients: DsnRecipient[];
  /** What the report says of the message that bounced (its returned headers). */
  original: { messageId: string | null; talentloopMessageId: number | null; subject: string | null };
  /** The report's own identity: its Message-ID, else a hash of what it reports (a repeat is recognised either way). */
  reportId: string;
}

// ---------------------------------------------------------------- a small MIME walker

interface Part {
  headers: Map<string, string>;
  type: string;
  params: Record<string, string>;
  body: string;
  children: Part[];
}

const MAX_DEPTH = 8;

function splitHead(text: string): [head: string, body: string] {
  const at = /\r?\n\r?\n/.exec(text);
  if (!at) return [text, ''];
  return [text.slice(0, at.index), text.slice(at.index + at[0].length)];
}

/** Header fields, unfolded, names in lower case; the first of a repeated field wins (the newest, for Received-style ones). */
export function readHeaderBlock(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const match = /^([\x21-\x39\x3b-\x7e]+):[ \t]*(.*)$/.exec(line);
    if (match && !headers.has(match[1].toLowerCase())) headers.set(match[1].toLowerCase(), match[2].trim());
  }
  return headers;
}

function contentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type, ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const match = /^\s*([^=\s]+)\s*=\s*(?:"([^"]*)"|(\S*))\s*$/.exec(param);
    if (match) params[match[1].toLowerCase()] = match[2] ?? match[3];
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64': return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = Buffer.from(body.replace(/=\r?\n/g, ''), 'latin1').toString('latin1')
        .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default: return body;
  }
}

function parsePart(text: string, depth: number): Part {
  const [head, rawBody] = splitHead(text);
  const headers = readHeaderBlock(head);
  const { type, params } = contentType(headers.get('content-type'));
  const part: Part = { headers, type, params, body: rawBody, children: [] };
  if (depth >= MAX_DEPTH) return part;
  if (type.startsWith('multipart/') && params.boundary) {
    const open = `--${params.boundary}`;
    let current: string[] | null = null; // null: in the preamble, or after the closing delimiter
    for (const line of rawBody.split(/\r?\n/)) {
      const bare = line.trimEnd();
      if (bare === open || bare === `${open}--`) {
        if (current) part.children.push(parsePart(current.join('\n'), depth + 1));
        current = bare === open ? [] : null;
        if (!current) break;
      } else current?.push(line);
    }
    // A report cut off before its closing delimiter still gives what it has.
    if (current?.length) part.children.push(parsePart(current.join('\n'), depth + 1));
    return part;
  }
  part.body = decodeBody(rawBody, headers.get('content-transfer-encoding'));
  if (type === 'message/rfc822' || type === 'message/global') part.children.push(parsePart(part.body, depth + 1));
  return part;
}

function* walk(part: Part): Generator<Part> {
  yield part;
  for (const child of part.children) yield* walk(child);
}

// ---------------------------------------------------------------- the report

const ACTIONS = new Set<DsnAction>(['failed', 'delayed', 'delivered', 'relayed', 'expanded']);
const ENHANCED = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const TALENTLOOP_ID = /<talentloop\.(\d+)\.[0-9a-f]{1,8}@[^<>\s]+>/i;

/** "rfc822; Jan@Example.com" → "jan@example.com" */
function address(value: string | undefined): string | null {
  if (!value) return null;
  // Bounded: the patterns below must not meet a 200 KB header value.
  const short = value.slice(0, 1000);
  const bare = short.includes(';') ? short.slice(short.indexOf(';') + 1) : short;
  const match = /<?([^\s<>;]+@[^\s<>;]+?)>?\s*$/.exec(bare.trim());
  return match ? match[1].toLowerCase() : null;
}

/** "smtp; 550-5.1.1 The email account ..." → "550-5.1.1 The email account ..." */
const afterType = (value: string | undefined) => (value ? value.replace(/^\s*[a-z0-9-]+\s*;\s*/i, '').trim() || null : null);

/** The enhanced status code in a diagnostic ("550 5.1.1 ..."), else one made from the basic reply code ("452" → "4.0.0"). */
export function statusFromText(text: string | null | undefined): string | null {
  if (!text) return null;
  const enhanced = ENHANCED.exec(text);
  if (enhanced && enhanced[1] !== '2') return `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}`;
  const basic = /\b([45])\d\d\b/.exec(text);
  return basic ? `${basic[1]}.0.0` : null;
}

function readDeliveryStatus(text: string): { reportingMta: string | null; recipients: DsnRecipient[] } {
  const groups = text.split(/\r?\n[ \t]*\r?\n/).map((group) => readHeaderBlock(group.trim())).filter((group) => group.size);
  const perMessage = groups.find((group) => group.has('reporting-mta') || group.has('arrival-date')) ?? new Map<string, string>();
  const recipients = groups.filter((group) => group.has('final-recipient') || group.has('original-recipient') || group.has('action'))
    .map((group): DsnRecipient => {
      const action = group.get('action')?.toLowerCase().split(/[\s(]/)[0] as DsnAction | undefined;
      // Multi-line SMTP replies repeat their code on each line ("550-5.1.1 ... 550 5.1.1 ..."): once is enough.
      const diagnostic = afterType(group.get('diagnostic-code'))?.replace(/(?<=\S)\s+\d{3}[- ](?:\d\.\d{1,3}\.\d{1,3}\s+)?/g, ' ') ?? null;
      const status = ENHANCED.exec(group.get('status') ?? '')?.[0] ?? statusFromText(diagnostic);
      return {
        recipient: address(group.get('final-recipient')) ?? address(group.get('original-recipient')),
        originalRecipient: address(group.get('original-recipient')),
        action: action && ACTIONS.has(action) ? action : null,
        status, diagnostic: diagnostic?.slice(0, 1000) ?? null, remoteMta: afterType(group.get('remote-mta')),
      };
    });
  return { reportingMta: afterType(perMessage.get('reporting-mta')), recipients };
}

/** The returned message's identity, from its headers if the report carries them, else from anywhere in the text. */
function readOriginal(parts: Part[], wholeText: string): DeliveryReport['original'] {
  let headers: Map<string, string> | null = null;
  for (const part of parts) {
    if (part.type === 'text/rfc822-headers' || part.type === 'message/rfc822-headers') headers = readHeaderBlock(splitHead(part.body)[0]);
    else if ((part.type === 'message/rfc822' || part.type === 'message/global') && part.children[0]) headers = part.children[0].headers;
    if (headers) break;
  }
  const messageId = headers?.get('message-id')?.match(/<[^<>\s]+>/)?.[0]
    ?? TALENTLOOP_ID.exec(wholeText)?.[0]
    ?? null;
  const header = headers?.get('x-talentloop-message') ?? /^X-Talentloop-Message:[ \t]*(\d+)[ \t]*$/im.exec(wholeText)?.[1];
  const fromId = messageId ? TALENTLOOP_ID.exec(messageId)?.[1] : undefined;
  const id = Number(/^\d{1,15}$/.test(header?.trim() ?? '') ? header : fromId);
  return { messageId, talentloopMessageId: Number.isSafeInteger(id) && id > 0 ? id : null, subject: headers?.get('subject') ?? null };
}

const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon|mail delivery (subsystem|system))\b/i;
const BOUNCE_SUBJECT = /undeliver|delivery (status notification|failure|has failed)|returned mail|failure notice|mail delivery failed|could not be delivered|non[- ]?delivery/i;

/** A bounce without a delivery-status part: the recipient and the SMTP reply are read from the notice's text. */
function readHeuristically(top: Part, text: string): DsnRecipient[] {
  const from = top.headers.get('from') ?? '';
  const sender = address(from) ?? from;
  if (!BOUNCE_SENDER.test(sender) && !BOUNCE_SENDER.test(from)) return [];
  if (!BOUNCE_SUBJECT.test(top.headers.get('subject') ?? '')) return [];
  // Only the notice, not the returned copy below it; its first 20,000 characters say all there is.
  const notice = text.slice(0, 20_000).split(/^(?:-+ ?(?:Below this line is a copy|Original message|This is a copy)|Return-Path:|Received:)/im)[0];
  const recipient = address(/<([^\s<>]+@[^\s<>]+)>:?/.exec(notice)?.[1] ?? /\b([^\s<>:;"]+@[^\s<>:;"]+\.[a-z]{2,})\b/i.exec(notice)?.[1]);
  const line = notice.split(/\r?\n/).find((l) => /\b[45]\d\d\b|\b[45]\.\d{1,3}\.\d{1,3}\b|#[45]\.\d/.test(l) && !/@/.test(l.replace(/<[^>]+>/g, '')))
    ?? notice.split(/\r?\n/).find((l) => /no such user|user unknown|does not exist|mailbox (is )?(full|unavailable)|over quota|no mailbox/i.test(l));
  let status = statusFromText(line);
  if (!status && line) status = /full|quota/i.test(line) ? '4.2.2' : '5.1.1';
  if (!status) return [];
  return [{ recipient, originalRecipient: null, action: 'failed', status, diagnostic: line?.trim().slice(0, 1000) ?? null, remoteMta: null }];
}

/**
 * The delivery report in a raw mail, or null when the mail is not one. A
 * multipart/report without a readable delivery-status part falls back to the
 * heuristic reading; so does a plain bounce from MAILER-DAEMON or postmaster.
 */
export function parseDeliveryReport(raw: Buffer | string): DeliveryReport | null {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
  const top = parsePart(text, 0);
  const parts = [...walk(top)];
  const statusPart = parts.find((part) => part.type === 'message/delivery-status' || part.type === 'message/global-delivery-status');
  const reportType = top.type === 'multipart/report' ? top.params['report-type']?.toLowerCase() : undefined;
  if (reportType && reportType !== 'delivery-status') return null; // e.g. a read receipt (disposition-notification)
  const readable = parts.filter((part) => part.type.startsWith('text/') && part.type !== 'text/rfc822-headers').map((part) => part.body).join('\n');
  let source: DeliveryReport['source'] = 'rfc3464';
  let reportingMta: string | null = null;
  let recipients: DsnRecipient[] = [];
  if (statusPart) ({ reportingMta, recipients } = readDeliveryStatus(statusPart.body));
  if (!recipients.length) {
    recipients = readHeuristically(top, readable || top.body);
    source = 'heuristic';
  }
  if (!recipients.length) return null;
  const original = readOriginal(parts, text);
  const ownId = top.headers.get('message-id')?.match(/<[^<>\s]+>/)?.[0];
  const reportId = ownId ?? `sha256:${createHash('sha256').update(JSON.stringify([recipients, original])).digest('hex')}`;
  return { source, reportingMta, recipients, original, reportId };
}

/**
 * Hard: the address will not take mail (5.x.x, e.g. 5.1.1 no such user, 5.1.2 no such domain).
 * Soft: try again later (4.x.x, and 5.2.2 mailbox full, which RFC 3463 calls a transient condition
 * although many servers send it as 5.x.x). Null: not a bounce (delayed, delivered, relayed).
 */
export function bounceType(recipient: Pick<DsnRecipient, 'action' | 'status'>): BounceType | null {
  if (recipient.action && recipient.action !== 'failed') return null;
  const status = recipient.status ?? '';
  if (/^4\./.test(status) || /^5\.2\.2$/.test(status)) return 'soft';
  if (/^5\./.test(status)) return 'hard';
  return null;
}

/**
 * The recruiter's words for a bounce: "Email address bounced (5.1.1 The email account ... does not exist)";
 * a soft one: "Email bounced for now (4.2.2 Mailbox full)".
 */
export function bounceReason(type: BounceType, status: string | null, diagnostic: string | null): string {
  const detail = (diagnostic ?? '').replace(/^\d{3}[- ]/, '').replace(/^\d\.\d{1,3}\.\d{1,3}\s*/, '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const inside = [status, detail].filter(Boolean).join(' ');
  const lead = type === 'hard' ? 'Email address bounced' : 'Email bounced for now';
  return inside ? `${lead} (${inside})` : lead;
}

/** A mail that says it is a delivery report (multipart/report; report-type=delivery-status) or comes from a mailer daemon about a failure. */
export function looksLikeBounce(raw: Buffer | string): boolean {
  const text = Buffer.isBuffer(raw) ? raw.subarray(0, 64 * 1024).toString('utf8') : raw.slice(0, 64 * 1024);
  const headers = readHeaderBlock(splitHead(text)[0]);
  const { type, params } = contentType(headers.get('content-type'));
  if (type === 'multipart/report') return (params['report-type'] ?? '').toLowerCase() === 'delivery-status';
  const from = headers.get('from') ?? '';
  return (BOUNCE_SENDER.test(address(from) ?? '') || BOUNCE_SENDER.test(from)) && BOUNCE_SUBJECT.test(headers.get('subject') ?? '');
}
