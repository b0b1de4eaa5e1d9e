// The catalogue's engine (decisions 024, 056): looks a dotted key up in a language's texts, picks a plural
// form by `count` (Intl.PluralRules: `_one`, `_other`), falls back to English, fills in {{values}} (plain
// or `{{max, number}}`) and `$t(key)` nesting. The server's translator (translate.ts, both languages) and a
// page's island (the part of the catalogue the page handed it in data-texts) fill in the same way.
// Browser-safe and small: it is in the /app first load, where i18next and react-i18next weighed 17 KB gzip.
import type { Locale } from './locale.ts';

/** What a text's {{name}}s are filled with. */
export type TextValues = Record<string, string | number>;

/** The dotted keys of a tree of texts: 'problems.expired.title'. */
export type TextKey<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}` }[keyof T & string];

/** A text of the tree by its key, with its {{values}} filled in. */
export type Translate<T> = (key: TextKey<T>, values?: TextValues) => string;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A key as `t` takes it: a plural text also by its key without the form (`count` picks `_one` or `_other`). */
export type TKey<T> = TextKey<T> extends infer K ? K extends `${infer Base}_${PluralForm}` ? Base | K : K : never;

/**
 * `count` picks the plural form, `lng` the language (else the instance's); the values to fill in are `replace`
 * when given, else the options themselves (so `{ count, name }` fills {{count}} and {{name}}).
 */
export interface TOptions {
  count?: number;
  lng?: string;
  replace?: TextValues;
  [value: string]: unknown;
}

/** Texts per language, each a tree of strings. */
type TextsByLanguage = Partial<Record<string, object>>;

const FALLBACK = 'en';
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}|\$t\(([\w.]+)\)/g;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, rules = new Intl.PluralRules(lng));
  return rules.select(count);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** `{{max, number}}`, `{{percent, number(minimumFractionDigits: 1)}}`: Intl's number format in the text's language. */
function formatted(value: unknown, format: string, lng: string): string {
  const match = /^number(?:\((.*)\))?$/.exec(format);
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  if (!match || !Number.isFinite(number)) return asText(value);
  const options = Object.fromEntries((match[1] ?? '').split(';').filter((part) => part.includes(':'))
    .map((part) => part.split(':').map((side) => side.trim())).map(([name, setting]) => [name, Number.isNaN(Number(setting)) ? setting : Number(setting)]));
  return new Intl.NumberFormat(lng, options).format(number);
}

function deepMerge(into: Record<string, unknown>, from: object): void {
  for (const [key, value] of Object.entries(from as Record<string, unknown>)) {
    const existing = into[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object') deepMerge(existing as Record<string, unknown>, value);
    else into[key] = value && typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** One catalogue engine: its texts, its language, and who re-renders when either changes. */
export class Texts {
  language: string;
  /** `t`, as a new function after each change (texts added, language switched): what a component subscribes to. */
  translate: (key: string, options?: TOptions) => string = (key, options) => this.t(key, options);
  private readonly resources: Record<string, Record<string, unknown>> = {};
  private readonly listeners = new Set<() => void>();
  /** Called with a key no language has (the island then loads the rest of its catalogue). */
  private readonly onMissing?: (key: string) => void;

  constructor(resources: TextsByLanguage, lng: string, onMissing?: (key: string) => void) {
    this.language = lng;
    this.onMissing = onMissing;
    for (const [locale, tree] of Object.entries(resources)) if (tree) this.addTexts(locale, tree, { quiet: true });
  }

  /** The text of `key` with its values filled in; the key itself when no language has it. */
  t(key: string, options: TOptions = {}): string {
    const lng = options.lng ?? this.language;
    const found = this.find(key, lng, options.count);
    if (found === undefined) {
      this.onMissing?.(key);
      return key;
    }
    const values = options.replace ?? options;
    // One pass over the text: a filled-in value is never read again as a placeholder or a key.
    return found.text.replace(PLACEHOLDER, (whole, placeholder: string | undefined, nested: string | undefined) => {
      if (nested) return this.t(nested, { ...options, lng: found.lng });
      const [name, format] = placeholder!.split(/\s*,\s*(.*)/s);
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value === undefined) return whole;
      if (value === null) return '';
      return format ? formatted(value, format, found.lng) : asText(value);
    });
  }

  /** Whether some language has a text (not a branch) at `key`. */
  exists(key: string, options: { lng?: string } = {}): boolean {
    return this.find(key, options.lng ?? this.language) !== undefined;
  }

  /** A translate function of one language under a branch: fixedT('nl', 'emails.meeting')('greeting'). */
  fixedT(lng: string, branch: string): (key: string, options?: TOptions) => string {
    return (key, options) => this.t(`${branch}.${key}`, { ...options, lng });
  }

  /** Adds texts to a language (merged into what it has; a new text wins). */
  addTexts(lng: string, tree: object, { quiet = false } = {}): void {
    deepMerge(this.resources[lng] ??= {}, tree);
    if (!quiet) this.changed();
  }

  changeLanguage(lng: string): void {
    if (lng === this.language) return;
    this.language = lng;
    this.changed();
  }

  /** Calls `listener` after each change; returns the unsubscribe (React's useSyncExternalStore). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  private changed(): void {
    this.translate = (key, options) => this.t(key, options);
    for (const listener of this.listeners) listener();
  }

  /** The text for `key` in `lng`, else in English: its plural form first when `count` is a number. */
  private find(key: string, lng: string, count?: number): { text: string; lng: string } | undefined {
    for (const language of lng === FALLBACK ? [lng] : [lng, FALLBACK]) {
      const keys = typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(language, count)}`, key]
        : [key];
      for (const candidate of keys) {
        const text = this.lookup(language, candidate);
        if (text !== undefined) return { text, lng: language };
      }
    }
    return undefined;
  }

  private lookup(lng: string, key: string): string | undefined {
    let at: unknown = this.resources[lng];
    for (const part of key.split('.')) {
      if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
      at = (at as Record<string, unknown>)[part];
    }
    return typeof at === 'string' ? at : undefined;
  }
}

/** An engine over these texts per language, in `lng`. */
export function createI18n(texts: Partial<Record<Locale, object>>, lng: Locale, onMissing?: (key: string) => void): Texts {
  return new Texts(texts, lng, onMissing);
}

/** `t` of an engine (or of a fixedT) as a function of a tree's keys: values are only ever values, never options. */
export function translateWith<T>(t: (key: string, options: TOptions) => string, lng?: Locale): Translate<T> {
  return (key, values) => t(key, { ...(lng ? { lng } : {}), replace: values ?? {} });
}

const translators = new WeakMap<object, Map<Locale, unknown>>();

/**
 * A translator over one language's texts: the part of the catalogue a page hands its island
 * (and the same part on the server, so both fill in the same way). One engine per texts object.
 */
export function textsTranslator<T extends object>(texts: T, locale: Locale = 'en'): Translate<T> {
  let byLocale = translators.get(texts);
  if (!byLocale) translators.set(texts, byLocale = new Map<Locale, unknown>());
  let found = byLocale.get(locale) as Translate<T> | undefined;
  if (!found) {
    const instance = createI18n({ [locale]: texts }, locale);
    found = translateWith<T>((key, options) => instance.t(key, options), locale);
    byLocale.set(locale, found);
  }
  return found;
}
