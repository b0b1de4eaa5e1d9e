// The English text of a code (decision 032): what the API answers as `error`, writes in its logs and
// stores where a text is kept. From en.ts through the catalogue's engine, as the browser fills the same code in.
import { en } from './en.ts';
import { createI18n } from './translator.ts';
import { coded, renderCode, stateCoded, type Coded, type ErrorCode, type Lookup, type Params, type Said, type StateCoded, type StateSaid } from './codes.ts';

const instance = createI18n({ en }, 'en');
const english: Lookup = {
  t: (key, options) => instance.t(key, options),
  exists: (key) => instance.exists(key),
};

/** The English text of a code. */
export function englishText(said: Said | Coded): string {
  const { code, params } = coded(said);
  return renderCode(english, code, params);
}

/** The English text of a state's code (en.states). */
export function englishState(said: StateSaid | StateCoded): string {
  const { code, params } = stateCoded(said);
  return renderCode(english, code, params, undefined, 'states');
}

/** A detail of a service's state (Settings → Integrations): label and value in English, with their codes (keys of en.states). */
export interface StateDetail { label: string; value: string; labelCode?: string; valueCode?: string; valueParams?: Params }

type DetailLabel = keyof typeof en.states.integrations.details;

/** A detail whose value is data (an address, a model, a mailbox): shown as it is in every language. */
export function stateDetail(label: DetailLabel, value: string): StateDetail {
  const labelCode = `integrations.details.${label}` as const;
  return { label: englishState(labelCode), value, labelCode };
}

/** A detail whose value is words of ours ("Set (not shown)"): said by its code. */
export function stateDetailSaid(label: DetailLabel, value: StateSaid | StateCoded): StateDetail {
  const { code, params } = stateCoded(value);
  return { ...stateDetail(label, englishState(value)), valueCode: code, ...(params ? { valueParams: params } : {}) };
}

function branch(path: string): unknown {
  let at: unknown = en.errors;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * A reason kept in the database (a campaign recipient's skip reason): written as a code since decision
 * 032, as English before it (and by SQL functions that write their own words). Its English text, and
 * its code when it is one (null: the text is all there is).
 */
export function storedReason(stored: string): { reason: string; code: ErrorCode | null } {
  return /^(blockers|skipped)\./.test(stored) && isErrorCode(stored) ? { reason: englishText({ code: stored }), code: stored } : { reason: stored, code: null };
}

/** Whether `code` names a text of en.errors (a plural one by its base key). */
export function isErrorCode(code: string): code is ErrorCode {
  if (!/^[\w.]+$/.test(code)) return false;
  return typeof branch(code) === 'string' || typeof branch(`${code}_other`) === 'string';
}
