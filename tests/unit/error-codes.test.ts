// Every code the server can send has its words in English and Dutch (decision 032): the catalogue's
// `errors` (error answers, validation, blockers, skip reasons) and `states` (Settings → Integrations,
// "Send a test", the calendar, Teams). It fails when a code has no text in either language, when a
// Dutch text lacks a {{param}} of its English one, when a code the source uses is not in the
// catalogue, when the params the source passes for a code are not the ones its text fills in, and
// when a schema writes an English sentence instead of a code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '#domain/i18n/en.ts';
import { nl } from '#domain/i18n/nl.ts';
import { englishState, englishText, isErrorCode } from '#domain/i18n/english.ts';
import { createI18n, type TOptions } from '#domain/i18n/translator.ts';
import { renderCode, type Lookup, type Said, type StateSaid } from '#domain/i18n/codes.ts';
import { CONSENT_BLOCKERS } from '#domain/consent/eligibility.ts';
import { INTEGRATION_KINDS } from '#domain/integrations/schemas.ts';
import { EXIT_REASONS } from '#domain/campaigns/sequence-schemas.ts';

type Tree = { [key: string]: string | Tree };
const root = path.resolve(import.meta.dirname, '../..');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of flatten(value, at)) out.set(k, v);
  }
  return out;
}

/** The {{names}} a text fills in ({{max, number}} is `max`). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A code as the server sends it: a plural text's key without its suffix. */
const codeOf = (key: string) => key.replace(PLURAL, '');

const branches = { errors: en.errors, states: en.states, errorTerms: en.errorTerms } as unknown as Record<string, Tree>;
const dutchBranches = { errors: nl.errors, states: nl.states, errorTerms: nl.errorTerms } as unknown as Record<string, Tree>;

/** Source files of a folder, recursively. */
function sources(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(root, folder))) {
    const file = `${folder}/${name}`;
    if (statSync(path.join(root, file)).isDirectory()) found.push(...sources(file));
    else if (/\.tsx?$/.test(name)) found.push(file);
  }
  return found;
}
const SOURCE = [...sources('domain'), ...sources('edge-functions'), ...sources('site/app'), ...sources('worker'), 'server.ts']
  .filter((file) => !file.startsWith('domain/i18n/'));

/** The object literal that starts at `text[start]` ('{'), up to its closing brace (strings and templates skipped). */
function objectAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`no closing brace at ${start}`);
}

/** The keys at the top level of an object literal's text (`{ field, max: 200, ...rest }`: field, max). */
function keysOf(literal: string): string[] {
  const body = literal.slice(1, -1);
  const keys: string[] = [];
  let depth = 0, part = '';
  const flush = () => {
    const key = /^\s*(?:(\w+)\s*:|(\w+)\s*$|(\.\.\.))/.exec(part);
    if (key) keys.push(key[1] ?? key[2] ?? key[3]);
    part = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "'" || c === '"' || c === '`') {
      const from = i;
      for (i++; i < body.length && body[i] !== c; i++) if (body[i] === '\\') i++;
      part += body.slice(from, i + 1);
      continue;
    }
    if ('{[('.includes(c)) depth++;
    if ('}])'.includes(c)) depth--;
    if (c === ',' && depth === 0) flush();
    else part += c;
  }
  flush();
  return keys.sort();
}

/** Every `say('code', {…})`, `msg('code', {…})`, `sayState('code', {…})` and `{ code: 'code', params: {…} }` of the source. */
function usesOf(file: string) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const uses: Array<{ file: string; branch: 'errors' | 'states'; code: string; params: string[] | null }> = [];
  for (const match of text.matchAll(/\b(say|msg|sayState)\('([\w.]+)'(\s*,\s*\{)?/g)) {
    const params = match[3] ? keysOf(objectAt(text, match.index + match[0].length - 1)) : null;
    uses.push({ file, branch: match[1] === 'sayState' ? 'states' : 'errors', code: match[2], params });
  }
  for (const match of text.matchAll(/\{ code: '([\w.]+)', params: \{/g)) {
    const params = keysOf(objectAt(text, match.index + match[0].length - 1));
    uses.push({ file, branch: text.slice(Math.max(0, match.index - 60), match.index).includes('State') ? 'states' : 'errors', code: match[1], params });
  }
  return uses;
}
const USES = SOURCE.flatMap(usesOf);

describe('the codes the server sends', () => {
  for (const [name, tree] of Object.entries(branches)) {
    const english = flatten(tree);
    const dutch = flatten(dutchBranches[name]);

    it(`${name}: every code has a text in English and in Dutch`, () => {
      expect([...english.keys()].filter((key) => !dutch.get(key)?.trim())).toEqual([]);
      expect([...dutch.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
    });

    it(`${name}: every Dutch text fills in the {{params}} of its English one`, () => {
      const missing = [...english].filter(([key, text]) => placeholders(text).some((param) => !placeholders(dutch.get(key) ?? '').includes(param)));
      expect(missing.map(([key]) => key)).toEqual([]);
    });

    it(`${name}: a plural text comes as _one and _other (else its key would be read as a plural by accident)`, () => {
      const plural = [...english.keys()].filter((key) => PLURAL.test(key));
      expect(plural.filter((key) => !english.has(`${codeOf(key)}_one`) || !english.has(`${codeOf(key)}_other`))).toEqual([]);
    });
  }

  it('renders every code, with every param given, in both languages and leaves no {{…}} unfilled', () => {
    const lookups: Record<string, Lookup> = Object.fromEntries((['en', 'nl'] as const).map((lng) => {
      const i18n = createI18n({ en, nl }, lng);
      return [lng, { t: (key: string, options: TOptions) => i18n.t(key, options), exists: (key: string) => i18n.exists(key) }];
    }));
    for (const branch of ['errors', 'states'] as const) {
      for (const [key, text] of flatten(branches[branch])) {
        const params = Object.fromEntries([...placeholders(text), 'count'].map((param) => [param, param === 'count' ? 2 : `<${param}>`]));
        for (const [lng, lookup] of Object.entries(lookups)) {
          const rendered = renderCode(lookup, codeOf(key), params, undefined, branch);
          expect(rendered, `${lng} ${branch}.${key}`).not.toMatch(/\{\{|\$t\(|^(errors|states)\./);
        }
      }
    }
  });

  it('each code the source uses is in the catalogue, with exactly the params its text fills in', () => {
    expect(USES.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const use of USES) {
      const english = flatten(branches[use.branch]);
      const texts = [english.get(use.code), english.get(`${use.code}_one`), english.get(`${use.code}_other`)].filter((t): t is string => t !== undefined);
      if (!texts.length) {
        wrong.push(`${use.file}: ${use.branch}.${use.code} is not in the catalogue`);
        continue;
      }
      const wanted = [...new Set(texts.flatMap(placeholders))].sort();
      const given = (use.params ?? []).filter((param) => param !== '...');
      // A literal with a spread (`{ ...warning.params, name }`) names only some of them: those must be wanted.
      const complete = !use.params?.includes('...');
      if (complete ? JSON.stringify(given) !== JSON.stringify(wanted) : given.some((param) => !wanted.includes(param))) {
        wrong.push(`${use.file}: ${use.branch}.${use.code} is given {${given.join(', ')}}, its text fills in {${wanted.join(', ')}}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has the codes the server builds from a value: blockers, limits, whole numbers, integration states', () => {
    const blockers = ['no_email', 'opted_out', 'no_consent', 'consent_expired', 'suppressed', 'no_whatsapp_number', 'whatsapp_opted_out', 'no_whatsapp_consent'];
    expect([...CONSENT_BLOCKERS].every((blocker) => blockers.includes(blocker))).toBe(true);
    const built = [
      ...blockers.map((blocker) => `blockers.${blocker}`),
      ...['at_most', 'less_than', 'at_least', 'more_than'].flatMap((bound) => ['', '_characters', '_items'].map((unit) => `validation.${bound}${unit}`)),
      ...['minutes', 'days', 'meetings'].map((unit) => `validation.whole_${unit}`),
      'skipped.consent_withdrawn_email', 'skipped.consent_withdrawn_whatsapp', 'skipped.bounced',
      // Written by SQL (migration 20261128000600): a cancelled campaign, a candidate who leaves a sequence, an automatic pause.
      'skipped.campaign_cancelled', 'skipped.left_sequence', 'delivery.campaign_cancelled', 'delivery.whatsapp_undelivered', 'campaign_auto_paused',
      ...EXIT_REASONS.map((reason) => `delivery.left_sequence.${reason}`),
    ];
    expect(built.filter((code) => !isErrorCode(code))).toEqual([]);
    const states = flatten(branches.states);
    const integrationStates = {
      ai: ['fallback', 'configured'], mail: ['smtp', 'graph', 'outbox'], teams: ['off', 'configured'], whatsapp: ['off', 'configured'],
      signin: ['builtin', 'supabase'],
    };
    for (const kind of INTEGRATION_KINDS) {
      expect(states.has(`integrations.names.${kind}`), kind).toBe(true);
      for (const state of integrationStates[kind]) {
        for (const part of ['mode', 'summary']) expect(states.has(`integrations.${kind}.${state}.${part}`), `${kind}.${state}.${part}`).toBe(true);
      }
    }
    expect(['calendar.connected', 'calendar.not_connected', 'teams.not_configured', 'teams.link_failed'].filter((code) => !states.has(code))).toEqual([]);
  });

  it('renders the English the API has always answered, word for word', () => {
    const cases: Array<[Said, string]> = [
      ['blockers.no_consent', 'Candidate has not consented to email'],
      [{ code: 'two_factor_locked', params: { count: 1 } }, 'Too many wrong codes. Two-factor sign-in is locked for 1 minute.'],
      [{ code: 'two_factor_locked', params: { count: 15 } }, 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.'],
      [{ code: 'validation.wrong_type', params: { field: 'name', expected: 'string', actual: 'number' } }, 'name must be text, not a number'],
      [{ code: 'csv_value_too_long', params: { line: 3, max: 100000 } }, 'Line 3 has a value longer than 100,000 characters'],
      [{ code: 'booking_link_needs_type', params: { bookingLink: '{{bookingLink}}' } }, 'Create a meeting type under Meeting booking before using {{bookingLink}}'],
      // As public.auto_pause_campaign() writes it (format's %s of round(…, 1)), and a provider's words as they were said.
      [{ code: 'campaign_auto_paused', params: { bad: 3, sent: 60, percent: 5, limit: 5 } },
        'Paused automatically: 3 of the last 60 emails bounced or were marked as spam (5.0%; the limit is 5%)'],
      [{ code: 'delivery.provider_failed', params: { detail: 'SMTP 550: $t(errors.internal) {{x}}' } }, 'SMTP 550: $t(errors.internal) {{x}}'],
    ];
    for (const [said, text] of cases) expect(englishText(said)).toBe(text);
    const states: Array<[StateSaid, string]> = [
      [{ code: 'integrationTests.calendar_busy', params: { mailbox: 'a@example.com', count: 1 } }, 'Microsoft Graph read the Outlook calendar of a@example.com: 1 busy time in the next hour.'],
      ['teams.not_configured', `Teams not configured: ${en.states.teamsSetup} The meeting is confirmed and the candidate got the invitation by email.`],
    ];
    for (const [said, text] of states) expect(englishState(said)).toBe(text);
  });
});

describe('no English sentences where a code belongs', () => {
  it('the schemas write their messages as codes (msg), not as English text', () => {
    const schemas = sources('domain').filter((file) => /schemas\.ts$/.test(file) || file.startsWith('domain/schemas/'));
    const english = schemas.flatMap((file) => readFileSync(path.join(root, file), 'utf8').split('\n')
      .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
      // Calls that take the words as params (msg's, the webhook's) are no message themselves.
      .map(({ where, line }) => ({ where, line, bare: line.replace(/\b(msg|webhookValue)\((?:[^()]|\([^()]*\))*\)/g, 'CODE') }))
      .filter(({ bare }) => /\b(error|message):\s*['`"][A-Za-z]|\.(min|max|int|positive|regex|refine)\([^)]*,\s*['`"][A-Za-z]/.test(bare)));
    expect(english.map(({ where, line }) => `${where} ${line.trim()}`)).toEqual([]);
  });

  it('the server refuses with codes: no HttpError or DomainError said as an English sentence', () => {
    const sentences = SOURCE.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8')
      .matchAll(/new (?:HttpError|DomainError|MessagingError|ImportError|InputError|UserConflictError)\([^)]*?['`][A-Z][a-z]+ [a-z]/g)]
      .map((match) => `${file}: ${match[0]}`));
    expect(sentences).toEqual([]);
  });

  it('the browser has no table of English texts to look the server\'s words up in', () => {
    const lookups = sources('site/app').filter((file) => /schemaMessages|translateMessage|validation\.\w+Required|BLOCKER_TEXT|EXIT_REASON_LABELS/
      .test(readFileSync(path.join(root, file), 'utf8')));
    expect(lookups).toEqual([]);
  });
});
