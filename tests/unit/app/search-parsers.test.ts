// The routes' search schemas are small hand-written parsers (router/searchParams.ts, decision 052) so that
// zod stays out of /app's first load. They must accept exactly what decision 014's zod/mini schemas accepted:
// this file keeps those schemas, as they were, and compares both over many inputs (fast-check), including
// what a navigation hands validateSearch (numbers, booleans, objects), not only the URL's text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Sentiment } from '#domain/ai/schemas.ts';
import type { RecipientFilter } from '#domain/campaigns/schemas.ts';
import type { CandidateFilter, CandidateListQuery } from '#domain/candidates/schemas.ts';
import type { DashboardQuery } from '#domain/dashboard/schemas.ts';
import type { MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import type { Channel, ThreadView } from '#domain/messages/schemas.ts';
import type { Language } from '#domain/schemas/language.ts';
import '#app/csp.ts';
import { adminSearchSchema } from '#app/pages/admin/pageParams.ts';
import { campaignPageSearchSchema } from '#app/pages/communications/campaign/pageParams.ts';
import { communicationsSearchSchema } from '#app/pages/communications/pageParams.ts';
import { dashboardSearchSchema } from '#app/pages/dashboard/pageParams.ts';
import { meetingsSearchSchema } from '#app/pages/meetings/pageParams.ts';
import { peopleSearchSchema } from '#app/pages/people/candidateUrl.ts';
import { settingsSearchSchema } from '#app/pages/settings/pageParams.ts';
import { everyValue, parseSearch, type SearchField } from '#app/router/searchParams.ts';

// ---- decision 014's zod/mini building blocks and schemas, unchanged (the reference) ----

const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const optionalInt = (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  lenient(z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max))));
const optionalText = (max: number) => lenient(z.string().check(z.maxLength(max)));
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) => lenient(z.enum(values));
const optionalEnumList = (values: readonly string[]) => lenient(z.pipe(z.string(), z.transform((text) => {
  const known = [...new Set(text.split(','))].filter((value) => values.includes(value));
  return known.length ? known.join(',') : undefined;
})));
const optionalDate = () => lenient(z.string().check(z.refine((text) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
})));

const ADMIN_TABS = ['users', 'access-requests', 'audit-log', 'suppressions', 'retention', 'data-requests'] as const;
const SETTINGS_TABS = ['profile', 'security', 'organisation', 'integrations'] as const;
const PERIODS = everyValue<DashboardQuery['period']>()(['7d', '30d', '90d']);
const SCOPES = everyValue<DashboardQuery['scope']>()(['me', 'team']);
const RECIPIENT_SHOW = everyValue<RecipientFilter | 'all'>()([
  'all', 'pending', 'sent', 'skipped', 'failed', 'opened', 'clicked', 'replied', 'booked', 'not_delivered', 'exited',
]);
const SENTIMENTS = everyValue<Sentiment>()(['positive', 'negative', 'neutral', 'other']);
const CHANNELS = everyValue<Channel>()(['email', 'whatsapp']);
const LANGUAGES = everyValue<Language>()(['english', 'dutch']);
const THREAD_VIEWS = everyValue<ThreadView>()(['needs-reply', 'all']);
const STATUSES = everyValue<MeetingStatus>()(['confirmed', 'rescheduled', 'completed', 'no_show', 'cancelled']);
const SENIORITY_LEVELS = everyValue<NonNullable<CandidateFilter['seniority']>>()(
  ['intern', 'junior', 'medior', 'senior', 'lead', 'principal', 'executive']);
const CONSENT_FILTERS = everyValue<NonNullable<CandidateFilter['consent']>>()(['email', 'whatsapp', 'none']);
const CANDIDATE_SORTS = everyValue<CandidateListQuery['sort']>()(['name', 'createdAt', 'leadScore', 'engagementScore', 'location']);

const ZOD_SCHEMAS = {
  admin: z.object({ tab: optionalEnum(ADMIN_TABS) }),
  settings: z.object({ enrol: optionalEnum(['2fa']), tab: optionalEnum(SETTINGS_TABS) }),
  dashboard: z.object({ period: optionalEnum(PERIODS), scope: optionalEnum(SCOPES) }),
  campaignPage: z.object({ show: optionalEnum(RECIPIENT_SHOW), q: optionalText(200), page: optionalInt(1, 100_000) }),
  communications: z.object({
    tab: optionalEnum(['messages', 'campaigns', 'outbox']),
    view: optionalEnum(THREAD_VIEWS),
    sentiment: optionalEnum(SENTIMENTS),
    candidateId: optionalInt(),
    thread: optionalInt(),
    campaign: optionalInt(),
    action: optionalEnum(['compose', 'create-campaign']),
    candidateName: optionalText(200),
    talentPoolId: optionalInt(),
    channel: optionalEnum(CHANNELS),
    subject: optionalText(300),
    content: optionalText(20_000),
    template: optionalText(64),
    prompt: optionalText(4000),
    language: optionalEnum(LANGUAGES),
  }),
  meetings: z.object({
    view: optionalEnum(['list', 'week']),
    tab: optionalEnum(['upcoming', 'past']),
    status: optionalEnumList(STATUSES),
    from: optionalDate(),
    to: optionalDate(),
    week: optionalDate(),
    recruiter: optionalEnum(['me', 'all']),
    host: lenient(z.uuid()),
    meeting: optionalInt(),
    candidate: optionalInt(),
  }),
  people: z.object({
    q: optionalText(200),
    talentPoolId: optionalInt(),
    skill: optionalText(50),
    seniority: optionalEnum(SENIORITY_LEVELS),
    location: optionalText(120),
    consent: optionalEnum(CONSENT_FILTERS),
    minEngagement: optionalInt(0, 100),
    sort: optionalEnum(CANDIDATE_SORTS),
    dir: optionalEnum(['asc', 'desc']),
    page: optionalInt(),
    candidate: optionalInt(),
    action: optionalEnum(['add-candidate', 'import-csv', 'duplicates']),
    duplicatesOf: optionalInt(),
  }),
};

type Parser = ((search: Record<string, unknown>) => Record<string, unknown>) & { fields: Record<string, SearchField<unknown>> };
const PARSERS: Record<keyof typeof ZOD_SCHEMAS, Parser> = {
  admin: adminSearchSchema,
  settings: settingsSearchSchema,
  dashboard: dashboardSearchSchema,
  campaignPage: campaignPageSearchSchema,
  communications: communicationsSearchSchema,
  meetings: meetingsSearchSchema,
  people: peopleSearchSchema,
};

// ---- inputs ----

const ENUM_WORDS = [...new Set<string>([
  ...ADMIN_TABS, ...SETTINGS_TABS, '2fa', ...PERIODS, ...SCOPES, ...RECIPIENT_SHOW, ...SENTIMENTS, ...CHANNELS, ...LANGUAGES,
  ...THREAD_VIEWS, ...STATUSES, ...SENIORITY_LEVELS, ...CONSENT_FILTERS, ...CANDIDATE_SORTS, 'messages', 'campaigns',
  'outbox', 'compose', 'create-campaign', 'list', 'week', 'upcoming', 'past', 'me', 'all', 'asc', 'desc', 'add-candidate',
  'import-csv', 'duplicates',
])];
const NUMBER_TEXTS = ['', ' ', '0', '-0', '1', ' 7 ', '12', '12.0', '12.5', '1e3', '0x10', '0b11', '-3', '100', '101',
  '100000', '100001', '9007199254740991', '9007199254740992', 'Infinity', 'NaN', '1,2', '+4', '07'];
const DATE_TEXTS = ['2026-11-29', '2026-02-30', '2024-02-29', '2023-02-29', '0000-01-01', '2026-1-5', '2026-13-01',
  '2026-11-29T00:00:00Z', ' 2026-11-29', '20261129', '+002026-11-29'];
const UUID_TEXTS = ['6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', '6F1C2D3E-4B5A-4C6D-8E7F-0123456789AB',
  '6f1c2d3e-4b5a-9c6d-8e7f-0123456789ab', '6f1c2d3e-4b5a-4c6d-7e7f-0123456789ab', '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '6f1c2d3e4b5a4c6d8e7f0123456789ab', 'not-a-uuid'];

const enumWord = fc.constantFrom(...ENUM_WORDS);
const text = fc.oneof(
  enumWord,
  enumWord.map((word) => word.toUpperCase()),
  fc.array(enumWord, { maxLength: 4 }).map((words) => words.join(',')),
  fc.constantFrom(...NUMBER_TEXTS, ...DATE_TEXTS, ...UUID_TEXTS),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: 0, max: 25_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(49, 50, 51, 63, 64, 65, 119, 120, 121, 199, 200, 201, 299, 300, 301, 3999, 4000, 4001, 19_999, 20_000, 20_001)
    .map((length) => 'é'.repeat(length)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 1, 100, 101, 100_000, 100_001, Number.MAX_SAFE_INTEGER, 2 ** 53, NaN, Infinity, -Infinity)) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, undefined, [], [7], ['3'], {}, { a: 1 }, 10n) },
);

function searchOf(keys: string[]) {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('utm_source', 'x', 'Tab') });
  return fc.dictionary(key, value, { maxKeys: 8 });
}

/**
 * Equal as the router sees it: the same keys, each the same value (0 and -0 told apart), in the order the
 * search has them (the address bar's: a page's change keeps the other parameters where they were).
 */
function expectSame(actual: Record<string, unknown>, expected: Record<string, unknown>, search: Record<string, unknown>) {
  expect(Object.keys(actual)).toEqual(Object.keys(search).filter((key) => Object.hasOwn(expected, key)));
  expect(actual).toStrictEqual(expected);
}

describe('the routes\' search parsers accept exactly what their zod schemas accepted', () => {
  for (const [name, zodSchema] of Object.entries(ZOD_SCHEMAS)) {
    const parser = PARSERS[name as keyof typeof ZOD_SCHEMAS];
    it(`${name}: the same fields`, () => {
      expect(Object.keys(parser.fields)).toEqual(Object.keys(zodSchema.shape));
    });
    it(`${name}: the same result for any search`, () => {
      const keys = Object.keys(zodSchema.shape);
      fc.assert(fc.property(searchOf(keys), (search) => {
        expectSame(parser(search), zodSchema.parse(search), search);
      }), { numRuns: 600 });
    });
    it(`${name}: the same result for any query string`, () => {
      const keys = Object.keys(zodSchema.shape);
      const query = fc.array(fc.tuple(fc.constantFrom(...keys, 'other'), text), { maxLength: 8 })
        .map((pairs) => pairs.map(([key, word]) => `${encodeURIComponent(key)}=${encodeURIComponent(word)}`).join('&'));
      fc.assert(fc.property(query, (searchStr) => {
        const search = parseSearch(searchStr);
        expectSame(parser(search), zodSchema.parse(search), search);
      }), { numRuns: 300 });
    });
  }
});

describe('csp.ts', () => {
  it('makes zod jitless (no `new Function` probe under the CSP) without importing it', () => {
    expect(z.config().jitless).toBe(true);
  });
});
