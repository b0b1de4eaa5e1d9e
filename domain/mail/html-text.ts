// HTML mail to plain text for reading replies. Quoted parts become "> " lines,
// so one plain-text reader handles top-posted, bottom-posted and inline
// replies alike: <blockquote>, the quote containers of Gmail, Yahoo, Proton
// and Thunderbird, everything from Outlook's reply header on, and a second
// <html>/<body> document (clients nest the original mail as one; a converter
// that reads only the first <body> loses the reply or shows only the quote).
// <hr> becomes a rule line (RULE_LINE), which the reader drops.

const LATIN1 = ('nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
  'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute ' +
  'Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN ' +
  'szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ' +
  'ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml').split(' ');
const NAMED: Record<string, string> = {
  ...Object.fromEntries(LATIN1.map((name, i) => [name, String.fromCharCode(160 + i)])),
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“',
  rdquo: '”', bdquo: '„', hellip: '…', bull: '•', euro: '€', trade: '™', oelig: 'œ', OElig: 'Œ', scaron: 'š', Scaron: 'Š',
  zwnj: '', zwj: '', lrm: '', rlm: '', thinsp: ' ', ensp: ' ', emsp: ' ', laquo: '«', raquo: '»', dagger: '†', permil: '‰',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
  });
}

const BLOCK = new Set(['div', 'p', 'tr', 'table', 'tbody', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'section',
  'article', 'header', 'footer', 'center', 'address', 'dl', 'dt', 'dd', 'blockquote', 'form', 'fieldset', 'main', 'nav', 'aside']);
const SKIP = /<(head|style|script|title|xml|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Elements whose content is quoted mail.
const QUOTE_CLASS = /\b(gmail_quote|yahoo_quoted|protonmail_quote|moz-cite-prefix|ms-outlook-mobile-reference-message|zmail_extra)\b/i;
// From here to the end is the quoted mail (Outlook's reply header block).
const QUOTE_REST_ID = /\bid\s*=\s*["']?(divRplyFwdMsg|appendonsend|x_divRplyFwdMsg|x_appendonsend|reply-intro)\b/i;
export const RULE_LINE = '—————';

function attr(attrs: string, name: string): string {
  return new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs)?.slice(2).find((v) => v !== undefined) ?? '';
}

export function htmlToText(html: string): string {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .replace(/<![a-z][^>]*>|<\?[^>]*>/gi, '').replace(SKIP, '');
  const lines: string[] = [];
  let line = '';
  let quoteDepth = 0;
  let quoteRest = false;
  let preDepth = 0;
  let blankBefore = false; // a <p> paragraph ended: a blank line before the next content
  let onlySpace = false; // the current block held only &nbsp; (Outlook's empty line)
  let bodySeen = false;
  const open: Record<string, number> = {};
  const quoteMarks: Array<{ tag: string; level: number }> = [];
  // Per open <p>: does it get blank lines around it? Outlook's MsoNormal (margin 0) paragraphs are single lines.
  const paragraphs: boolean[] = [];

  const prefix = () => '> '.repeat(quoteDepth + (quoteRest ? 1 : 0));
  const endLine = (force = false) => {
    if (!force && !line.trim()) { line = ''; return; }
    onlySpace = false;
    lines.push((prefix() + line.replace(/[ \t]+$/, '')).trimEnd());
    line = '';
  };
  const paragraphBreak = () => {
    endLine();
    if (lines.length && lines[lines.length - 1].replace(/^[> ]*/, '') !== '') lines.push(prefix().trimEnd());
  };
  const startQuote = (tag: string) => { endLine(); quoteMarks.push({ tag, level: open[tag] ?? 0 }); quoteDepth++; };

  for (const match of source.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+)|</g)) {
    const [, closing, rawTag, attrs = '', text] = match;
    if (text !== undefined || match[0] === '<') {
      let chunk = decodeEntities(text ?? '<');
      if (!preDepth) chunk = chunk.replace(/\s+/g, ' ');
      if (!line) chunk = chunk.replace(/^ /, '');
      if (!chunk) { if (/\u00a0/.test(text ?? '') || /&nbsp;/i.test(text ?? '')) onlySpace = true; continue; }
      if (blankBefore) { paragraphBreak(); blankBefore = false; }
      if (preDepth) {
        const parts = chunk.split('\n');
        parts.forEach((part, i) => { if (i) endLine(true); line += part; });
      } else line += chunk;
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (!closing) {
      if (tag === 'br') { line = line.replace(/ $/, ''); endLine(true); continue; }
      if (tag === 'hr') { endLine(); lines.push(prefix() + RULE_LINE); continue; }
      if ((tag === 'html' || tag === 'body') && bodySeen && !quoteMarks.some((m) => m.tag === 'html' || m.tag === 'body')) {
        startQuote(tag);
      }
      if (tag === 'body') bodySeen = true;
      if (/\/\s*$/.test(attrs)) continue; // self-closing
      if (QUOTE_REST_ID.test(attrs) && !quoteRest) { endLine(); quoteRest = true; }
      open[tag] = (open[tag] ?? 0) + 1;
      if (tag === 'blockquote' || (tag === 'div' && QUOTE_CLASS.test(attr(attrs, 'class')))) startQuote(tag);
      if (tag === 'pre') preDepth++;
      if (tag === 'p') {
        const spaced = !/mso|margin\s*:\s*0/i.test(attrs);
        paragraphs.push(spaced);
        if (spaced && (lines.length || line)) blankBefore = true;
      }
      if (BLOCK.has(tag)) endLine();
      if (tag === 'li') line = '- ';
      if (tag === 'td' || tag === 'th') line += line && !line.endsWith(' ') ? ' ' : '';
      continue;
    }
    if (BLOCK.has(tag)) endLine(onlySpace && !line.trim());
    if (tag === 'p' && paragraphs.pop()) blankBefore = true;
    if (tag === 'pre') preDepth = Math.max(0, preDepth - 1);
    open[tag] = Math.max(0, (open[tag] ?? 0) - 1);
    const last = quoteMarks[quoteMarks.length - 1];
    if (last && last.tag === tag && open[tag] <= last.level) { endLine(); quoteMarks.pop(); quoteDepth--; }
  }
  endLine();
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
