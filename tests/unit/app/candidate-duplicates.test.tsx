// @vitest-environment jsdom
// Likely duplicates on the People page (issue 30): the "Possible duplicate" badge on a candidate in an
// undismissed pair, the list of pairs, and the side-by-side merge dialog (a radio per differing field,
// what moves, the consent outcome in words), by keyboard; the answers are built from the API's schemas.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { candidateCountSchema } from '#domain/candidates/schemas.ts';
import { duplicateListSchema, duplicateRefreshQueuedSchema, type DuplicateCandidate } from '#domain/candidates/merge-schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { answer } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { currentUrl, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { candidate, detail, pageResponse, pools } from './peopleFixtures.ts';

afterEach(() => vi.unstubAllGlobals());

function side(id: number, overrides: Partial<DuplicateCandidate> = {}): DuplicateCandidate {
  return {
    id, name: 'Anna de Vries', email: `anna${id}@example.com`, phone: '+31 6 12345678', location: 'Utrecht', jobFunction: 'Backend Engineer',
    allowsEmail: true, allowsWhatsapp: false, createdAt: '2026-03-05T14:07:00.000Z', pools: 1, messages: 2, meetings: 0, campaigns: 1,
    lastActivityAt: '2026-05-03T10:00:00.000Z', ...overrides,
  };
}

/** GET /api/candidates/duplicates: Anna twice, the copy with another address and place, who withdrew email consent on 3 May. */
const list = (pending = false) => answer(duplicateListSchema, {
  pairs: [{
    lowId: 7, highId: 9, reason: 'email', similarity: 1, foundAt: '2026-11-29T02:40:00.000Z',
    candidates: [side(7), side(9, { email: 'anna+cv@example.com', location: 'Amsterdam', messages: 3, meetings: 1, pools: 2, campaigns: 0, allowsEmail: false })],
    consent: {
      email: { channel: 'email', state: 'withdrawn', candidateId: 9, since: '2026-05-03T09:00:00.000Z' },
      whatsapp: { channel: 'whatsapp', state: 'none', candidateId: 7, since: null },
    },
  }],
  total: 1,
  refresh: { refreshedAt: '2026-11-29T02:40:05.000Z', requestedAt: null, pending },
});

/** The JSON body of the last `METHOD /path` request. */
function sent(fetchMock: ReturnType<typeof stubFetch>, route: string): unknown {
  const [method, path] = route.split(' ');
  const call = fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && requestUrl(url).split('?')[0] === path).at(-1);
  return call ? sentJson(call[1]) : undefined;
}

function renderPeople(path: string, extra: Record<string, unknown> = {}) {
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    'GET /api/candidates': () => pageResponse([candidate(7, { name: 'Anna de Vries', possibleDuplicate: true }), candidate(8, { name: 'Bram Jansen' })]),
    'GET /api/candidates/count': answer(candidateCountSchema, { total: 2 }),
    'GET /api/candidates/duplicates': list(),
    ...extra,
  });
  return { fetchMock, view: renderPage(path, <PeoplePage />, { user: recruiter }) };
}

describe('possible duplicates', () => {
  it('badges only the candidate in a pair, and the badge opens that candidate\'s pairs', async () => {
    const { fetchMock } = renderPeople('/app/people');
    const rows = await screen.findAllByTestId('candidate-row');
    const anna = rows.find((row) => within(row).queryByText('Anna de Vries'))!;
    const bram = rows.find((row) => within(row).queryByText('Bram Jansen'))!;
    expect(within(bram).queryByText('Possible duplicate')).toBeNull();
    const badge = within(anna).getByRole('link', { name: 'Possible duplicate of another candidate: compare Anna de Vries' });
    expect(badge.textContent).toContain('Possible duplicate');
    fireEvent.click(badge);
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicates' });
    expect(await within(dialog).findByText('Same email address')).toBeTruthy();
    expect(currentUrl()).toContain('duplicatesOf=7');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).toContainEqual(expect.stringMatching(/\/api\/candidates\/duplicates\?.*candidateId=7/)));
  });

  it('merges side by side: a radio per differing field, what moves, the consent in words, and the choices sent', async () => {
    const merged = detail(7, { name: 'Anna de Vries', location: 'Amsterdam' });
    const { fetchMock } = renderPeople('/app/people?action=duplicates', {
      'POST /api/candidates/7/merge': merged,
      'GET /api/candidates/7': merged,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicates' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Compare and merge' }));
    const panel = await within(dialog).findByTestId('merge-panel');

    // Name is the same on both: no choice; email and location differ: one radio group each, the kept one's chosen.
    expect(within(panel).queryByRole('radiogroup', { name: /^Name/ })).toBeNull();
    const place = within(panel).getByRole('radiogroup', { name: /^Location/ });
    expect(within(place).getByRole<HTMLInputElement>('radio', { name: 'Utrecht' }).checked).toBe(true);
    expect(within(panel).getByRole('radiogroup', { name: /^Email/ })).toBeTruthy();
    expect(within(panel).getByTestId('merge-moves').textContent).toContain('Moves to Anna de Vries: 3 messages, 1 meeting, 2 pools and 0 campaigns of Anna de Vries.');
    const consent = within(panel).getByTestId('merge-consent');
    expect(consent.textContent).toMatch(/Email consent: withdrawn \(Anna de Vries withdrew it on May 3, 2026\)/);
    expect(consent.textContent).toContain('WhatsApp consent: none (Anna de Vries has not given it)');

    // Native radios of one group (one name): the browser moves between them with the arrow keys.
    const radios = within(place).getAllByRole<HTMLInputElement>('radio');
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    fireEvent.click(within(place).getByRole('radio', { name: 'Amsterdam' }));
    expect(within(place).getByRole<HTMLInputElement>('radio', { name: 'Amsterdam' }).checked).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(currentUrl()).toBe('/app/people?candidate=7'));
    expect(sent(fetchMock, 'POST /api/candidates/7/merge')).toEqual({ otherId: 9, fields: { email: 'kept', location: 'other' } });
    expect(await screen.findByText('Merged into Anna de Vries')).toBeTruthy();
  });

  it('"Not the same person" dismisses the pair, and "Look for duplicates now" says it is looking', async () => {
    let pending = false;
    const { fetchMock } = renderPeople('/app/people?action=duplicates', {
      'GET /api/candidates/duplicates': () => new Response(JSON.stringify(list(pending)), { headers: { 'content-type': 'application/json' } }),
      'POST /api/candidates/duplicates/dismiss': answer(successSchema, { success: true }),
      'POST /api/candidates/duplicates/refresh': () => {
        pending = true;
        return new Response(JSON.stringify(answer(duplicateRefreshQueuedSchema, { refreshedAt: null, requestedAt: '2026-11-29T09:00:00.000Z', pending: true, queued: true })),
          { status: 202, headers: { 'content-type': 'application/json' } });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicates' });
    const pair = await within(dialog).findByRole('region', { name: 'Anna de Vries and Anna de Vries' });
    fireEvent.click(within(pair).getByRole('button', { name: 'Not the same person' }));
    await waitFor(() => expect(sent(fetchMock, 'POST /api/candidates/duplicates/dismiss')).toEqual({ lowId: 7, highId: 9 }));
    expect(await screen.findByText('Marked as not the same person')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Look for duplicates now' }));
    expect(await within(dialog).findByText('Looking for duplicates…')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Look for duplicates now' }).disabled).toBe(true);
  });

  it('follows a merged candidate\'s id to the kept one in the URL', async () => {
    // fetch follows the API's 301: the answer for the merged id is the kept candidate's.
    renderPeople('/app/people?candidate=9', { 'GET /api/candidates/9': detail(7, { name: 'Anna de Vries' }), 'GET /api/candidates/7': detail(7, { name: 'Anna de Vries' }) });
    await waitFor(() => expect(currentUrl()).toBe('/app/people?candidate=7'));
  });
});
