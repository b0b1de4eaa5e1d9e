// What the API says, as codes (decision 032). Every error answer, refusal, validation issue and
// reason the server sends carries a `code` (and its `params`) beside its English text. A code is a
// key of the catalogue's `errors` branch: 'candidate_not_found' is errors.candidate_not_found,
// 'validation.too_long' errors.validation.too_long, 'blockers.no_consent' errors.blockers.no_consent.
// The server writes the English text from en.ts (english.ts, so the words exist once); the browser writes
// the same code in the interface's language (site/app/i18n/serverText.ts). Both fill in a code's params
// the same way: `renderCode`. Browser-safe and light: it loads neither the catalogue nor its engine (the
// booking page's island loads the schemas, which write their messages with `msg`).
import type { en } from './en.ts';

type Errors = typeof en.errors;
type States = typeof en.states;
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The dotted keys of a tree's texts. */
type Leaf<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaf<T[K], `${P}${K}.`> }[keyof T & string];
/** A plural text's key without its suffix (the engine picks `_one`/`_other` by the `count` param). */
type Base<K> = K extends `${infer B}_${PluralSuffix}` ? B : K;
type At<T, K extends string> = K extends keyof T ? T[K]
  : K extends `${infer H}.${infer R}` ? (H extends keyof T ? At<T[H], R> : never) : never;
type TextsIn<T, C extends string> = At<T, C> | At<T, `${C}_one`> | At<T, `${C}_other`>;
type Texts<C extends string> = TextsIn<Errors, C>;
/** A {{name}}'s name without its format ({{max, number}}). */
type Name<N> = N extends `${infer A},${string}` ? A : N;
/** The {{names}} of a text (the English texts are typed as written: `as const`). */
type Names<S> = S extends `${string}{{${infer N}}}${infer R}` ? Name<N> | Names<R> : never;

/** Every code the server can send: a key of en.errors (a plural text by its key without `_one`/`_other`). */
export type ErrorCode = Base<Leaf<Errors>>;
/** The params a code's English text fills in. */
export type ParamNames<C extends ErrorCode> = Names<Texts<C>>;
export type Params = Record<string, string | number>;
export type ErrorParams<C extends ErrorCode> = { [N in ParamNames<C>]: string | number };
/** The params argument a code takes: none, or exactly the names its text fills in. */
export type ParamArgs<C extends ErrorCode> = [ParamNames<C>] extends [never] ? [] : [params: ErrorParams<C>];

/**
 * What to say: a code whose text has no {{values}}, or the code with the params its text fills in.
 * TypeScript refuses an unknown code, a missing param and a param the text does not have.
 */
export type Said = { [C in ErrorCode]: [ParamNames<C>] extends [never] ? C : { code: C; params: ErrorParams<C> } }[ErrorCode];

/** A key of en.states: what the API says about the state of a service (Settings → Integrations, the calendar, Teams). */
export type StateCode = Base<Leaf<States>>;
type StateNames<C extends StateCode> = Names<TextsIn<States, C>>;
/** A state's code with the params its text needs, as `Said` is for errors. */
export type StateSaid = { [C in StateCode]: [StateNames<C>] extends [never] ? C : { code: C; params: { [N in StateNames<C>]: string | number } } }[StateCode];
/** The code and params of a state, as an answer carries them. */
export interface StateCoded { code: StateCode; params?: Params }

/** `said` as code and params (params only when it has some). */
export function stateCoded(said: StateSaid | StateCoded): StateCoded {
  if (typeof said === 'string') return { code: said };
  const params: Params | undefined = said.params;
  return params && Object.keys(params).length ? { code: said.code, params } : { code: said.code };
}

/** A state's code and its params: `sayState('integrationTests.smtp_timeout', { server })`. */
export function sayState<C extends StateCode>(code: C, ...params: [StateNames<C>] extends [never] ? [] : [params: { [N in StateNames<C>]: string | number }]): StateSaid {
  return (params[0] ? { code, params: params[0] } : code) as StateSaid;
}

/** A code and its params, as an answer carries them. */
export interface Coded { code: ErrorCode; params?: Params }

/** `said` as code and params (params only when it has some). */
/**
 * The code (and params) a message written by `msg` carries, when `isCode` knows the code; null for any other
 * text. The server asks the English catalogue (schemas/issues.ts `codeOfMessage`), the browser its own texts,
 * so that neither loads the other's (site/app/i18n/serverText.ts).
 */
export function codedMessage(message: string | undefined, isCode: (code: string) => code is ErrorCode): Coded | null {
  if (!message) return null;
  const space = message.indexOf(' ');
  const code = space < 0 ? message : message.slice(0, space);
  if (!isCode(code)) return null;
  if (space < 0) return { code };
  try {
    const params = JSON.parse(message.slice(space + 1)) as unknown;
    return params && typeof params === 'object' && !Array.isArray(params) ? coded({ code, params: params as Params }) : null;
  } catch {
    return null;
  }
}

export function coded(said: Said | Coded): Coded {
  if (typeof said === 'string') return { code: said };
  const params: Params | undefined = said.params;
  return params && Object.keys(params).length ? { code: said.code, params } : { code: said.code };
}

/** A code and its params: `say('validation.too_long', { field: 'name', max: 200 })`. */
export function say<C extends ErrorCode>(code: C, ...params: ParamArgs<C>): Said {
  return (params[0] ? { code, params: params[0] } : code) as Said;
}

/**
 * A schema's message: a code and its params, written into zod's message text
 * (`z.string({ error: msg('validation.required', { field: 'name' }) })`). zod keeps messages as
 * text, so the code travels as text; domain/schemas/issues.ts `codeOfMessage` reads it back.
 */
export function msg<C extends ErrorCode>(code: C, ...params: ParamArgs<C>): string {
  return params[0] ? `${code} ${JSON.stringify(params[0])}` : code;
}

/** What renders a catalogue key: an engine of translator.ts (the server's English one, the browser's). */
export interface Lookup {
  t(key: string, options: { replace?: Params; count?: number }): string;
  exists(key: string): boolean;
}

/** Params that name an input field ("name", "availability.monday.1"): shown through `errorTerms.fields` when it has the name. */
const FIELD_PARAMS = new Set(['field', 'otherField']);
/** Params that name a JSON type (the "x must be text, not a number" of a wrong type). */
const TYPE_PARAMS: Record<string, string> = { expected: 'errorTerms.expected', actual: 'errorTerms.actual' };

/**
 * A code's params as its text shows them: a field by its name in that language (English: as the API
 * names it), a JSON type in words. `field` is how the caller names a field that `errorTerms.fields`
 * does not have (the browser's Dutch names a meeting's time range: "tijdvak 2 op maandag").
 */
export function shownParams(lookup: Lookup, params: Params | undefined, field?: (path: string) => string | undefined): Params {
  const shown: Params = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const text = String(value);
    const terms = TYPE_PARAMS[name];
    if (terms && /^\w+$/.test(text) && lookup.exists(`${terms}.${text}`)) shown[name] = lookup.t(`${terms}.${text}`, {});
    else if (FIELD_PARAMS.has(name) && /^\w+$/.test(text) && lookup.exists(`errorTerms.fields.${text}`)) shown[name] = lookup.t(`errorTerms.fields.${text}`, {});
    else if (FIELD_PARAMS.has(name)) shown[name] = field?.(text) ?? text;
    else shown[name] = value;
  }
  return shown;
}

/**
 * A code's text as the interface shows it: in Dutch a sentence that starts with a field's name ("naam is
 * verplicht", "tijdvak 2 op maandag overlapt …") starts with a capital; English keeps the API's names as they are.
 */
export function asSentence(text: string, language: string): string {
  return language === 'en' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text of a code (of `branch`: errors or states) in `lookup`'s language, its params filled in. */
export function renderCode(lookup: Lookup, code: string, params?: Params, field?: (path: string) => string | undefined,
  branch: 'errors' | 'states' = 'errors'): string {
  const replace = shownParams(lookup, params, field);
  const count = typeof params?.count === 'number' ? params.count : undefined;
  return lookup.t(`${branch}.${code}`, count === undefined ? { replace } : { replace, count });
}
