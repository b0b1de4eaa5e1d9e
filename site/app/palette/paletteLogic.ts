// The command palette's pure rules (spec §2, §4, §5, §9), kept apart from React
// so each one is tested on its own.
import { i18n } from '#app/i18n/i18n.ts';

/** Search runs from this many characters (spec §5, §9). */
export const MIN_QUERY_LENGTH = 2;

/** The API answers 400 above this many characters. */
export const MAX_QUERY_LENGTH = 100;

/** Search results stay fresh this long (spec §9: "search cache 5 minutes"). */
export const SEARCH_CACHE_MS = 5 * 60_000;

/** The query as sent to the API. */
export function normalizeQuery(query: string): string {
  return query.trim();
}

/** True when the query is long enough to search (spec §5). */
export function isSearchableQuery(query: string): boolean {
  return normalizeQuery(query).length >= MIN_QUERY_LENGTH;
}

/**
 * The highlight after moving from `current` by `delta` through `count` results:
 * clamped at both ends, never wrapping around (spec §4). 0 when there is nothing.
 */
export function clampHighlight(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(current + delta, 0), count - 1);
}

/** "1 result", "3 results", "0 results" (spec §2: the count, pluralised), in the interface's language. */
export function resultCountLabel(count: number): string {
  return i18n.t('palette.count', { count });
}

/** True for an element someone types into: input, textarea or an editable area (spec §2). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA') return true;
  if (element.isContentEditable) return true;
  // jsdom has no isContentEditable; the attribute says the same.
  return element.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Marks the palette's own search field: there the shortcut still closes the palette. */
export const PALETTE_INPUT_ATTRIBUTE = 'data-command-palette-input';

export interface ShortcutKeyEvent {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  repeat?: boolean;
  target: EventTarget | null;
}

/** Cmd+K or Ctrl+K, without Alt or Shift. */
export function isPaletteShortcut(event: ShortcutKeyEvent): boolean {
  return event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
}

/**
 * Whether a keydown should toggle the palette: the shortcut, not held down, and
 * not typed into an input, textarea or editable area (spec §2) — except the
 * palette's own search field, where the shortcut closes the palette again.
 */
export function shouldTogglePalette(event: ShortcutKeyEvent): boolean {
  if (!isPaletteShortcut(event) || event.repeat) return false;
  const target = event.target as Element | null;
  if (target && typeof target.hasAttribute === 'function' && target.hasAttribute(PALETTE_INPUT_ATTRIBUTE)) return true;
  return !isEditableTarget(event.target);
}

/**
 * The character to add to the query when a key is typed while the palette is open but its
 * search field does not have focus yet (its code still loading after Cmd/Ctrl+K): a printable
 * key without Ctrl, Cmd or Alt, typed outside any field. Otherwise null (the key is left alone).
 */
export function typedAheadCharacter(event: ShortcutKeyEvent, paletteOpen: boolean): string | null {
  if (!paletteOpen || event.key.length !== 1 || event.metaKey || event.ctrlKey || event.altKey) return null;
  return isEditableTarget(event.target) ? null : event.key;
}
