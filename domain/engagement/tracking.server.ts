// Open and click tracking: the pixel and the rewritten links of one message.
// Each message has an unguessable token (messages.tracking_token, 128 random
// bits). Its http(s) links become {PUBLIC_URL}/t/c/{token}?l={index}, where
// index points into messages.tracked_links, the message's own URLs: the click
// endpoint redirects only there (no open redirect). Which links are rewritten
// is a pure function of the content, so a resend rewrites them the same way.
// Not rewritten: our unsubscribe and privacy page links (consent must never depend on a
// redirect) and booking links (/book/: a booking is recorded by the booking).
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';

/** One pixel load or click, as the endpoint saw it. */
export interface TrackingHit {
  kind: 'open' | 'click';
  messageId: number;
  /** Index into tracked_links (clicks). */
  linkIndex: number | null;
  /** When it happened (ISO 8601). */
  at: string;
  userAgent: string | null;
  ip: string | null;
}

/** The data of an engagement-record job (QUEUES.engagementRecord): the hits of a few milliseconds, written together. */
export interface EngagementRecordJob {
  hits: TrackingHit[];
}

/** messages.tracking_token: 16 random bytes in hex. Anything else is not looked up. */
export const TRACKING_TOKEN = /^[0-9a-f]{32}$/;

export const openPixelUrl = (publicUrl: string, token: string) => `${publicUrl}/t/o/${token}`;
export const clickUrl = (publicUrl: string, token: string, index: number) => `${publicUrl}/t/c/${token}?l=${index}`;

/** The 1x1 transparent GIF the pixel answers (43 bytes). */
export const TRANSPARENT_GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));

// An http(s) URL in plain text, up to white space or a character that cannot end one in prose.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;

/** Punctuation at the end of a sentence is not part of the URL: "see https://x.org/a." → https://x.org/a */
function trimTrailing(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if ('.,;:!?\'"*'.includes(last)) end--;
    else if (last === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) end--;
    else if (last === ']' && count(url.slice(0, end), '[') < count(url.slice(0, end), ']')) end--;
    else break;
  }
  return url.slice(0, end);
}
const count = (text: string, char: string) => text.split(char).length - 1;

export type Segment = { kind: 'text'; text: string } | { kind: 'url'; url: string };

/** The content cut into text and URLs, in order. */
export function segments(content: string): Segment[] {
  const result: Segment[] = [];
  let position = 0;
  for (const match of content.matchAll(URL_IN_TEXT)) {
    const url = trimTrailing(match[0]);
    if (!/^https?:\/\/[^/?#]/i.test(url)) continue;
    if (match.index > position) result.push({ kind: 'text', text: content.slice(position, match.index) });
    result.push({ kind: 'url', url });
    position = match.index + url.length;
  }
  if (position < content.length) result.push({ kind: 'text', text: content.slice(position) });
  return result;
}

/** Whether a URL of the content passes through the click endpoint. */
export function isTrackable(url: string, publicUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin !== new URL(publicUrl).origin) return true;
  // Ours: unsubscribe pages and one-click, the privacy page (and its keep-informed step), booking links, and tracking links themselves.
  return !/^\/(api\/)?unsubscribe\/|^\/privacy\/|^\/api\/public\/privacy\/|^\/book\/|^\/t\//.test(parsed.pathname);
}

/** The message's trackable URLs, each once, in the order they first appear: messages.tracked_links. */
export function trackedLinks(content: string, publicUrl: string): string[] {
  const links: string[] = [];
  for (const segment of segments(content)) {
    if (segment.kind === 'url' && isTrackable(segment.url, publicUrl) && !links.includes(segment.url)) links.push(segment.url);
  }
  return links;
}

/** The content with each tracked URL replaced by its click URL (the text part of the mail). */
export function rewriteText(content: string, links: string[], publicUrl: string, token: string): string {
  return segments(content).map((segment) => {
    if (segment.kind === 'text') return segment.text;
    const index = links.indexOf(segment.url);
    return index < 0 ? segment.url : clickUrl(publicUrl, token, index);
  }).join('');
}

export interface TrackedMessage {
  id: number;
  trackedLinks: string[];
}

/** The message a token names, or null (a malformed token is not looked up). */
export async function trackedMessage(pool: pg.Pool, token: string): Promise<TrackedMessage | null> {
  if (!TRACKING_TOKEN.test(token)) return null;
  const { rows } = await asService(pool, (tx) => tx.query<{ id: string; tracked_links: string[] }>(
    `select id, tracked_links from public.messages where tracking_token = $1 and direction = 'out'`, [token]));
  return rows[0] ? { id: Number(rows[0].id), trackedLinks: rows[0].tracked_links } : null;
}

/** tracked_links[l] of that message, for a query value `l` that is a plain index; else null. */
export function linkAt(message: TrackedMessage, l: string | undefined): string | null {
  if (!l || !/^\d{1,4}$/.test(l)) return null;
  return message.trackedLinks[Number(l)] ?? null;
}
