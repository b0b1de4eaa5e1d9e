// A plain email as paragraphs of lines, each line text or a labelled link: its text and its HTML, one
// rendering for every email we write ourselves (the candidate's meeting emails, the admins' weekly
// erasure preview). Browser-safe.
import { escapeHtml } from '../html.ts';
import type { Locale } from '../i18n/locale.ts';

export type Line = string | { label: string; url: string };

/** A line as plain text: a link after its label. */
export const lineText = (line: Line) => (typeof line === 'string' ? line : `${line.label} ${line.url}`);

/** Paragraphs of lines → the email's text and HTML. */
export function renderParagraphs(paragraphs: Line[][], locale: Locale): { text: string; html: string } {
  const lineHtml = (line: Line) => (typeof line === 'string'
    ? escapeHtml(line).replace(/\n/g, '<br>')
    : `${escapeHtml(line.label)} <a href="${escapeHtml(line.url)}">${escapeHtml(line.url)}</a>`);
  return {
    text: `${paragraphs.map((lines) => lines.map(lineText).join('\n')).join('\n\n')}\n`,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">\n` +
      paragraphs.map((lines) => `<p>${lines.map(lineHtml).join('<br>\n')}</p>`).join('\n') + '\n</body></html>',
  };
}
