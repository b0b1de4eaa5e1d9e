// What the candidate wrote in a reply, without the quoted history, our own
// footer, the reply token, mobile "Sent from" lines and signatures. Opt-out
// detection and sentiment read only this text.
//
// Quoted history comes in two shapes: marked ("> " lines; HTML quotes are
// turned into those by html-text.ts) and unmarked (Outlook's header block,
// "-----Original Message-----", a forwarded message, an attribution that is
// not followed by "> " lines). Marked quotes are dropped line by line, so the
// candidate's lines above, between (inline replies) and below (bottom-posted
// replies) stay; at an unmarked quote everything from there on is dropped.
import { FOOTER } from './compose.server.ts';
import { htmlToText, RULE_LINE } from './html-text.ts';

const TOKEN = '[0-9a-f]{24}';

// "On <date>, <name> <address> wrote:" and its translations, over one to four lines.
const ATTRIBUTION = new RegExp(String.raw`^(on|op|am|le|el|il|em|den|p[aå])\s.{4,300}?\s(wrote|schreef|geschreven|schrieb|geschrieben|a\s+[ée]crit|escribi[oó]|ha\s+scritto|escreveu|skrev)\b[^:]{0,150}:$`, 'i');
// "<Name> <address> schreef op <date>:", "Sam de Vries wrote:" (Thunderbird, some webmail).
const ATTRIBUTION_TAIL = /^.{1,200}\s(wrote|schreef|schrieb|a\s+[ée]crit|escribi[oó])(\s+(op|am|le|on)\s.{4,80})?\s?:$/i;
// Yahoo writes "  On <date>, <name><address> wrote:" and the quoted mail's first line on one line, without "> ".
const ATTRIBUTION_RUN_ON = /^\s*(on|op|am|le)\s.{4,200}<[^<>\s]+@[^<>\s]+>\s*(wrote|schreef|schrieb|a\s+[ée]crit)\s?:\s/i;
const SEPARATOR = /^-{2,}\s*(original message|oorspronkelijk bericht|origineel bericht|oorspronkelijk e-?mailbericht|forwarded message|doorgestuurd bericht|ursp(r|ü)ngliche nachricht|weitergeleitete nachricht|message d'origine|message original|message transf[ée]r[ée]|mensaje original)\s*-{2,}$/i;
const FORWARD_INTRO = /^(begin forwarded message|begin doorgestuurd bericht|anfang der weitergeleiteten nachricht|d[ée]but du message r[ée]exp[ée]di[ée])\s?:$/i;
const HEADER_FROM = /^\*{0,2}(from|van|von|de|afzender)\*{0,2}\s?:\*{0,2}\s*\S/i;
const HEADER_OTHER = /^\*{0,2}(sent|date|to|cc|subject|verzonden|verstuurd|datum|aan|onderwerp|gesendet|an|betreff|envoy[ée]|[àa]|objet)\*{0,2}\s?:/i;
const RULE = /^\s*(_{10,}|-{10,}|={10,}|—{5,})\s*$/;
const SIG_DELIMITER = /^(--|__)\s*$/;
// Lines a mail app adds under every mail.
const MOBILE_SIGNATURE = new RegExp('^(' + [
  'sent (from|with|via|using) (my )?.{1,40}', 'get outlook for .{1,20}', 'download outlook for .{1,20}',
  '(verzonden|verstuurd) (vanaf|van|met|via|vanuit|from) (mijn )?.{1,40}', 'outlook voor .{1,20}( downloaden)?',
  'von meinem .{1,40} gesendet', 'gesendet (von|mit|vom) (meinem )?.{1,40}',
  'envoy[ée] (de|depuis|avec|à partir de) (mon )?.{1,40}', 'enviado desde (mi )?.{1,40}', 'inviato da .{1,40}',
].join('|') + String.raw`)(\s*<https?://[^>\s]+>)?$`, 'i');
// "-Jan", "– Jan de Vries": a one-line signature.
const DASH_NAME = /^(-(?=\p{Lu})|[–—]\s?)\p{Lu}[\p{L}'.]*(?:[ -][\p{L}'.]+){0,3}$/u;

const FOOTER_LINES = Object.values(FOOTER).map((f) => f.why.toLowerCase());
const FOOTER_LINK_WORDS = Object.values(FOOTER).flatMap((f) => [f.link, f.data]).join('|');
const FOOTER_LINK = new RegExp(`^(${FOOTER_LINK_WORDS})(:\\s*)?\\S*\\/(unsubscribe|privacy)\\/${TOKEN}\\S*$`, 'i');
const FOOTER_WORDS = new RegExp(`^(${FOOTER_LINK_WORDS})$`, 'i');

const isQuoted = (line: string) => /^\s*>/.test(line);
const isBlank = (line: string) => !line.trim();

/** Our footer's lines ("You receive this email…", "Unsubscribe: <link>", "Your data: <link>"), the reply token and our links. */
function withoutOurFooter(lines: string[]): string[] {
  const kept: string[] = [];
  const tokenTag = new RegExp(`\\s*\\[ref:${TOKEN}\\]`, 'gi');
  const ourLink = new RegExp(`^<?https?://\\S*/(unsubscribe|privacy)/${TOKEN}\\S*>?$`, 'i');
  let afterFooter = false; // the line before was our "You receive this email…" line
  for (const raw of lines) {
    const line = raw.replace(tokenTag, '');
    const plain = line.trim();
    if (FOOTER_LINES.some((why) => plain.toLowerCase().startsWith(why))) { afterFooter = true; continue; }
    // Our link, as text ("Unsubscribe: <url>") or bare; the link word alone only right under our footer line,
    // so a candidate's own "Unsubscribe" stays.
    if (FOOTER_LINK.test(plain) || ourLink.test(plain) || (afterFooter && FOOTER_WORDS.test(plain))) continue;
    afterFooter = afterFooter && !plain;
    if (raw !== line && !plain) continue; // a line that was only the token
    kept.push(line);
  }
  return kept;
}

/** How many lines (1 to 4) an attribution starting at `i` spans; 0 when none starts there. */
function attributionAt(lines: string[], i: number): number {
  if (isQuoted(lines[i]) || isBlank(lines[i])) return 0;
  let joined = '';
  for (let k = 0; k < 4 && i + k < lines.length; k++) {
    if (isQuoted(lines[i + k]) || (k > 0 && isBlank(lines[i + k]))) return 0;
    joined = `${joined} ${lines[i + k].trim()}`.trim();
    if (joined.length > 400) return 0;
    if (ATTRIBUTION.test(joined)) return k + 1;
    if (k === 0 && ATTRIBUTION_TAIL.test(joined) && quotedAfter(lines, i + 1)) return 1;
  }
  return 0;
}

/** Do "> " lines follow (after blank lines) from `i`? */
function quotedAfter(lines: string[], i: number): boolean {
  while (i < lines.length && isBlank(lines[i])) i++;
  return i < lines.length && isQuoted(lines[i]);
}

function headerBlockAt(lines: string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i].trim())) return false;
  let others = 0;
  for (let k = 1; k <= 5 && i + k < lines.length; k++) {
    const next = lines[i + k].trim();
    if (HEADER_OTHER.test(next)) others++;
    else if (next && !/^\S+@\S+$/.test(next) && k === 1 && !/[<[]/.test(lines[i])) break;
  }
  return others >= 1;
}

/** Where unmarked quoted history starts (everything from here on is dropped), or lines.length. */
function unmarkedQuoteStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (isQuoted(lines[i]) || !line) continue;
    if (SEPARATOR.test(line) || FORWARD_INTRO.test(line)) return i;
    if (/^_{10,}$/.test(line) || ATTRIBUTION_RUN_ON.test(lines[i])) return i;
    if (headerBlockAt(lines, i)) {
      // An Outlook rule (<hr>, dashes) just above the header block belongs to it.
      let start = i;
      while (start > 0 && (isBlank(lines[start - 1]) || RULE.test(lines[start - 1]))) start--;
      return RULE.test(lines[start]) || isBlank(lines[start]) ? start : i;
    }
    const span = attributionAt(lines, i);
    if (span && !quotedAfter(lines, i + span)) return i;
  }
  return lines.length;
}

/** Drops a trailing "-- " signature, mobile "Sent from" lines, a "-Name" line and rules (<hr>). */
function withoutSignatures(lines: string[]): string[] {
  const delimiter = lines.findIndex((line) => SIG_DELIMITER.test(line));
  let kept = (delimiter >= 0 ? lines.slice(0, delimiter) : lines)
    .filter((line) => !MOBILE_SIGNATURE.test(line.trim()) && !RULE.test(line) && line.trim() !== RULE_LINE);
  const last = kept.findLastIndex((line) => !isBlank(line));
  if (last >= 0 && DASH_NAME.test(kept[last].trim())) kept = kept.slice(0, last);
  return kept;
}

/** The candidate's own text of a plain-text reply. */
export function visibleReply(text: string): string {
  let lines = text.replace(/\r\n?/g, '\n').replace(/[\u00a0\u2007\u202f]/g, ' ').replace(/[\u200b-\u200d\ufeff]/g, '')
    .split('\n').map((line) => line.replace(/\s+$/, ''));
  lines = withoutOurFooter(lines);
  lines = lines.slice(0, unmarkedQuoteStart(lines));
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const span = attributionAt(lines, i);
    if (span) { i += span - 1; continue; }
    if (!isQuoted(lines[i])) kept.push(lines[i]);
  }
  return withoutSignatures(kept).join('\n').replace(/^\s*\n/, '').replace(/\n{3,}/g, '\n\n').trim();
}

export interface ReplyReading {
  /** What the candidate wrote: this is stored, shown and classified. */
  visible: string;
  /** The whole text, quotes included (only for finding our reply token in the quoted mail). */
  full: string;
}

/** Reads a parsed mail: its plain-text part when it has one, else its HTML. */
export function readReply(mail: { text?: string | null; html?: string | false | null }): ReplyReading {
  const plain = mail.text?.trim() ? mail.text : '';
  const full = plain || (mail.html ? htmlToText(mail.html) : '');
  return { visible: visibleReply(full), full };
}
