// Test data and a fetch stub for the people page tests (not a test file itself).
// Parsed with the API's own answer schemas, so a fixture that drifts from what the API sends fails at once.
import type { z } from 'zod';
import { candidateCountSchema, candidateDetailSchema, candidateListSchema, candidateSchema, type Candidate } from '#domain/candidates/schemas.ts';
import { talentPoolListSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';

/** GET /api/talent-pools */
export const pools = answer(talentPoolListSchema, [
  { id: 1, name: 'Backend Engineers', description: 'Platform teams', candidateCount: 80 },
  { id: 2, name: 'Frontend Engineers', description: null, candidateCount: 40 },
]);

export function candidate(id: number, overrides: Partial<z.input<typeof candidateSchema>> = {}) {
  return answer(candidateSchema, {
    id,
    name: `Candidate ${id}`,
    email: `c${id}@example.com`,
    phone: '+31 6 12345678',
    whatsappNumber: null,
    allowsEmail: true,
    allowsWhatsapp: false,
    talentPoolId: 1,
    talentPoolIds: [1],
    preferredContactMethod: 'email',
    jobFunction: 'Backend Engineer',
    skillTags: ['go', 'sql'],
    seniorityLevel: 'senior',
    location: 'Utrecht',
    preferredRole: 'Tech Lead',
    leadScore: 50,
    engagementScore: 42,
    unsubscribedAt: null,
    whatsappOptedOutAt: null,
    emailConsentExpiresAt: null,
    notes: null,
    language: null,
    createdAt: '2026-03-05T14:07:00Z',
    updatedAt: '2026-03-06T09:00:00Z',
    possibleDuplicate: false,
    ...overrides,
  });
}

/** GET/PATCH /api/candidates/{id}, POST /api/candidates */
export function detail(id: number, overrides: Partial<z.input<typeof candidateDetailSchema>> = {}) {
  return answer(candidateDetailSchema, {
    ...candidate(id),
    name: 'Anna de Vries',
    pools: [{ id: 1, name: 'Backend Engineers' }],
    timeZone: { zone: 'Europe/Amsterdam', fromLocation: true, source: 'location' },
    consentHistory: [
      { channel: 'email', granted: true, source: 'seed', wording: 'Demo data', createdAt: '2026-03-01T10:00:00Z', createdBy: null },
    ],
    contactBlockers: { email: [], whatsapp: [] },
    messages: [
      { id: 91, subject: 'Quick hello', direction: 'out', channel: 'email', sentiment: null, status: 'sent', createdAt: '2026-03-02T10:00:00Z',
        autoReply: false, autoReplyUntil: null, optOutReview: false },
      { id: 92, subject: 'Re: Quick hello', direction: 'in', channel: 'email', sentiment: 'positive', status: 'received', createdAt: '2026-03-03T10:00:00Z',
        autoReply: false, autoReplyUntil: null, optOutReview: false },
    ],
    engagement: { opens: 3, clicks: 1, replies: 1, score: 42 },
    ...overrides,
  });
}

/** A page reply of GET /api/candidates?count=false (the people list's pages): the rows, no X-Total-Count. */
export function pageResponse(rows: Candidate[]): Response {
  return new Response(JSON.stringify(answer(candidateListSchema, rows)), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The people list's two requests for `total` candidates: its pages (50 rows each) and GET /api/candidates/count. */
export function peopleList(total: number) {
  return {
    'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, total)),
    'GET /api/candidates/count': answer(candidateCountSchema, { total }),
  };
}

/** 50 rows starting after `offset`, of `total`. */
export function rowsFor(url: string, total: number): Candidate[] {
  const params = new URL(url, 'http://x').searchParams;
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 50);
  const count = Math.max(0, Math.min(limit, total - offset));
  return Array.from({ length: count }, (_, i) => candidate(offset + i + 1));
}

export function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}
