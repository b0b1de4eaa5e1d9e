// English left on a Dutch screen (issue 26): the interface texts a Dutch recruiter sees or hears
// (text, and the names and hints a screen reader reads: aria-label, title, placeholder...) that are an
// English catalogue text whose Dutch differs, or one of Mantine's own English labels. What users
// typed (names, subjects) and mail as it was sent are data, not interface: the spec that uses this
// makes data no catalogue text can match (random words), passes the names it did not make (`typed`)
// and leaves the dev outbox's mail aside (SENT_MAIL).
import type { Page } from '@playwright/test';
import { en } from '../../domain/i18n/en.ts';
import { nl } from '../../domain/i18n/nl.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

/** Product and brand names, the same in every language (a catalogue text that is only one of these is not English). */
const BRANDS = /^(Talentloop|WhatsApp|Microsoft( Teams| Graph)?|Teams|Outlook|Meta|SMTP|CSV|ICS|OpenAI|Anthropic|E\.164)$/i;

/**
 * The labels Mantine writes itself (9.x: PasswordInput, Pagination's label, Scroller, AppShell's and
 * FloatingWindow's resize handles, ActionBar, TreeSelect, Cascader, the dates pickers' controls).
 */
export const MANTINE_ENGLISH = [
  'Toggle password visibility', 'Scroll left', 'Scroll right', 'Resize window', 'Actions', 'Collapse', 'Expand',
  'Show previous levels', 'Show next levels', 'Previous month', 'Next month', 'Previous year', 'Next year',
  'Previous decade', 'Next decade', 'Close',
];
const MANTINE_PATTERNS = [/^Page \d+ of \d+$/];

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `{{value}}` and the engine's nesting `$t(key)`: filled in, anything can stand there. */
const FILLED = /\{\{[^}]+\}\}|\$t\([^)]+\)/g;

export interface EnglishTexts { exact: Map<string, string>; patterns: Array<{ key: string; pattern: RegExp }> }

/**
 * The English catalogue texts whose Dutch differs: longer than 3 characters, not a brand, and not
 * also a Dutch text of the catalogue (a word both languages share, used elsewhere in Dutch). A text
 * with values becomes a pattern when its own words hold at least 5 letters.
 */
export function englishOnlyTexts(): EnglishTexts {
  const english = leaves(en);
  const dutch = leaves(nl);
  const dutchTexts = new Set([...dutch.values()].map(normalise));
  const exact = new Map<string, string>();
  const patterns: EnglishTexts['patterns'] = [];
  for (const [key, value] of english) {
    const text = normalise(value);
    if (text === normalise(dutch.get(key) ?? '') || text.length <= 3 || dutchTexts.has(text) || BRANDS.test(text)) continue;
    const pieces = text.split(FILLED);
    if (pieces.length === 1) {
      exact.set(text, key);
    } else if (pieces.join('').replace(/[^A-Za-z]/g, '').length >= 5) {
      patterns.push({ key, pattern: new RegExp(`^${pieces.map((piece) => escape(piece)).join('.+?')}$`, 's') });
    }
  }
  return { exact, patterns };
}

export interface ShownText { text: string; kind: string; where: string }

/**
 * What a mail says as it was sent (the dev outbox: its subjects, headers and body, in the candidate's
 * language): data, not the interface.
 */
export const SENT_MAIL = ['[data-testid^="outbox-row-"] button', '[data-testid="outbox-mail"] h3', '[data-testid="outbox-headers"]', '[data-testid="outbox-body"]'];

/**
 * Every text the page shows (each text node, and each small element's whole text) and every
 * name, hint and value it gives to assistive technology, of rendered elements, once each; not
 * inside `data` (CSS selectors).
 */
export async function shownTexts(page: Page, data: string[] = SENT_MAIL): Promise<ShownText[]> {
  return await page.evaluate((dataSelector) => {
    const out: Array<{ text: string; kind: string; where: string }> = [];
    const seen = new Set<string>();
    const where = (element: Element) => {
      const marked = element.closest('[data-testid]');
      const dialog = element.closest('[role="dialog"]');
      const html = element.outerHTML.replace(/\s+/g, ' ');
      return [dialog ? `dialog "${dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}"` : '',
        marked ? `[data-testid=${marked.getAttribute('data-testid')}]` : '', html.length > 140 ? `${html.slice(0, 140)}…` : html].filter(Boolean).join(' ');
    };
    const add = (raw: string | null | undefined, kind: string, element: Element) => {
      const text = (raw ?? '').replace(/\s+/g, ' ').trim();
      if (text.length < 2 || seen.has(`${kind}\n${text}`)) return;
      seen.add(`${kind}\n${text}`);
      out.push({ text, kind, where: where(element) });
    };
    const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
    const isData = (element: Element) => dataSelector !== '' && element.closest(dataSelector) !== null;
    const holdsData = (element: Element) => dataSelector !== '' && element.querySelector(dataSelector) !== null;
    const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number']);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (parent && !skip.has(parent.tagName) && !isData(parent) && parent.checkVisibility({ visibilityProperty: true })) add(node.textContent, 'text', parent);
        continue;
      }
      const element = node as HTMLElement;
      if (skip.has(element.tagName) || isData(element) || !element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext', 'aria-description', 'aria-roledescription']) {
        if (element.hasAttribute(name)) add(element.getAttribute(name), name, element);
      }
      // What a field shows (a select's choice); not the value a radio or checkbox sends.
      if (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type)) add(element.value, 'value', element);
      // A text put together from a few pieces ("Welcome back, <b>Anna</b>.").
      if (element.children.length > 0 && element.children.length <= 4 && !holdsData(element)) {
        const whole = element.innerText;
        if (whole && whole.length <= 200) add(whole, 'text', element);
      }
    }
    return out;
  }, data.join(', '));
}

export interface UntranslatedFinding { state: string; text: string; kind: string; key: string; where: string }

/** English interface text on the page as it stands (a Dutch screen); `typed`: what users wrote (names), which is data. */
export async function untranslatedTexts(page: Page, state: string, english: EnglishTexts, typed: ReadonlySet<string> = new Set()): Promise<UntranslatedFinding[]> {
  const findings: UntranslatedFinding[] = [];
  for (const shown of await shownTexts(page)) {
    if (typed.has(shown.text)) continue;
    const key = english.exact.get(shown.text)
      ?? english.patterns.find(({ pattern }) => pattern.test(shown.text))?.key
      ?? (MANTINE_ENGLISH.includes(shown.text) || MANTINE_PATTERNS.some((pattern) => pattern.test(shown.text)) ? 'Mantine\'s own label' : undefined);
    if (key) findings.push({ state, text: shown.text, kind: shown.kind, key, where: shown.where });
  }
  return findings;
}

export function formatUntranslated(findings: UntranslatedFinding[]): string {
  return findings.map((f) => `"${f.text}" (${f.kind}; ${f.key}) on ${f.state}\n    ${f.where}`).join('\n');
}
