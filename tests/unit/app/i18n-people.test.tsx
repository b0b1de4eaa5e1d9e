// @vitest-environment jsdom
// The People page, the candidate drawer and form, and the search palette in Dutch
// (issue 13, Dutch interface); English stays word for word (people*.test.tsx, palette.test.tsx).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { en } from '#domain/i18n/en.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { resultCountLabel } from '#app/palette/paletteLogic.ts';
import { rangeLabel } from '#app/pages/people/candidateFilters.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { CommandPalette } from '#app/shell/DeferredPanels.tsx';
import { candidateCreateSchema } from '#domain/candidates/schemas.ts';
import { codeOfMessage } from '#domain/schemas/issues.ts';
import { codeText, knowsCode } from '#app/i18n/serverText.ts';
import { searchResultsSchema } from '#domain/search/schemas.ts';
import { talentPoolCreateSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';
import { bookingLink, bookingLinkList, hoursFromNow, meetingList, meetingTypeList, meetingType } from './bookingFixtures.ts';
import { detail, peopleList, pools } from './peopleFixtures.ts';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(async () => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

async function renderPeopleInDutch(path: string, extra: Record<string, unknown> = {}) {
  await setInterfaceLanguage('nl');
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(120),
    ...extra,
  });
  await renderPage(path, <PeoplePage />, { user: recruiter });
  return fetchMock;
}

describe('People in Dutch', () => {
  it('shows the page, its pools, filters, columns and range in Dutch', async () => {
    await renderPeopleInDutch('/app/people');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kandidaten');
    await waitFor(() => expect(document.title).toBe('Kandidaten · Talentloop'));
    expect(screen.getByRole('button', { name: 'Kandidaat toevoegen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV importeren' })).toBeTruthy();
    expect(screen.getByTestId('export-csv').textContent).toBe('CSV exporteren');

    const panel = screen.getByTestId('talent-pools');
    expect(within(panel).getByRole('heading', { name: 'Talentpools' })).toBeTruthy();
    expect(within(panel).getByText('Alle kandidaten')).toBeTruthy();
    expect(await within(panel).findByLabelText('80 kandidaten')).toBeTruthy();

    const filters = within(screen.getByTestId('candidate-filters'));
    expect(filters.getByLabelText('Zoeken').getAttribute('placeholder')).toBe('Naam, e-mail, vaardigheid...');
    expect(filters.getByRole('textbox', { name: 'Vaardigheid' })).toBeTruthy();
    expect(filters.getByRole('textbox', { name: 'Min. betrokkenheid' })).toBeTruthy();

    expect(await screen.findAllByTestId('candidate-row')).toHaveLength(50);
    const headers = within(screen.getByTestId('candidates-table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(1).map((text) => text?.replace(/[▲▼↕]/g, ''))).toEqual(
      ['Naam', 'Functie', 'Vaardigheden', 'Toestemming', 'Leadscore', 'Betrokkenheid', 'Toegevoegd']);
    const row = within(screen.getAllByTestId('candidate-row')[0]);
    expect(row.getByRole('checkbox', { name: 'Candidate 1 selecteren' })).toBeTruthy();
    expect(row.getByText('Senior · Utrecht')).toBeTruthy();
    expect(row.getByText('E-mail')).toBeTruthy();
    // The list is sorted by date added, so that column shows, in Dutch: "5 mrt 2026".
    expect(row.getByText('5 mrt 2026')).toBeTruthy();
    expect(screen.getByTestId('candidate-range').textContent).toBe('1–50 van 120');
    expect(screen.getByRole('button', { name: 'Pagina 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kolommen' })).toBeTruthy();
    expect(rangeLabel(1, 100000, 50)).toBe('1–50 van 100.000');
  });

  it('shows the candidate drawer in Dutch, and a Dutch toast when consent is withdrawn', async () => {
    let current = detail(7, {
      contactBlockers: { email: ['no_consent'], whatsapp: [] },
      engagement: { opens: 3, clicks: 1, replies: 1, score: 42, signals: [{ kind: 'reply', weight: 12, at: hoursFromNow(-50) }] },
    });
    const fetchMock = await renderPeopleInDutch('/app/people?candidate=7', {
      'GET /api/candidates/7': () => jsonResponse(current),
      'PATCH /api/candidates/7': (_url: string, init: RequestInit) => {
        current = detail(7, { ...current, allowsEmail: sentJson(init).allowsEmail });
        return jsonResponse(current);
      },
      'GET /api/candidates/7/booking-links': bookingLinkList([bookingLink(1, { state: 'sent', sentAt: hoursFromNow(-4) })]),
      'GET /api/meetings': meetingList([]),
      'GET /api/meeting-types': meetingTypeList([meetingType(11, { name: 'Intro call' })]),
    });
    const drawer = within(await screen.findByTestId('candidate-detail'));
    const fact = (label: string) => screen.getByTestId('candidate-detail').querySelector(`[data-fact="${label}"]`)?.textContent;
    for (const title of ['Contact', 'Profiel', 'Talentpools', 'Toestemming', 'Betrokkenheid', 'Afspraken', 'Berichten']) {
      expect(drawer.getByRole('region', { name: title })).toBeTruthy();
    }
    expect(fact('Voorkeur voor contact')).toBe('E-mail');
    expect(fact('Niveau')).toBe('Senior');
    expect(fact('Tijdzone')).toBe('Europe/Amsterdam (uit de locatie)');
    expect(fact('Afgemeld')).toBe('Nee');
    expect(fact('Toegevoegd')).toMatch(/^5 mrt 2026 om \d\d:07$/);
    expect(fact('Geopend door mensen')).toBe('0');
    expect(drawer.getByText('Waarom deze score')).toBeTruthy();
    expect(drawer.getByText('Reactie')).toBeTruthy();
    expect(drawer.getByText('2 dagen geleden')).toBeTruthy();
    expect(screen.getByTestId('consent-history').textContent).toContain('Demogegevens');
    expect(screen.getByTestId('consent-history').textContent).toContain('Gegeven');
    expect(drawer.getAllByTestId('message-direction').map((badge) => badge.textContent)).toEqual(['Ontvangen', 'Verstuurd']);
    expect(await drawer.findByText('Geen komende afspraken.')).toBeTruthy();
    expect((await drawer.findByTestId('booking-link-state')).textContent).toBe('Verstuurd');
    expect((await drawer.findByTestId('booking-link-cannot-email')).textContent)
      .toBe('Deze kandidaat kan niet gemaild worden (Kandidaat heeft geen toestemming gegeven voor e-mail). Maak hieronder een link aan en deel die op een andere manier.');

    const footer = within(screen.getByTestId('drawer-footer'));
    expect(footer.getByRole('button', { name: 'Bewerken' })).toBeTruthy();
    expect(footer.getByRole('button', { name: 'Bericht sturen' })).toBeTruthy();
    expect(await footer.findByRole('button', { name: 'Boekingslink aanmaken' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paneel sluiten' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'E-mail' }));
    expect(await screen.findByText('Toestemming voor e-mail ingetrokken')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
  });

  it('asks for the evidence of a consent in Dutch', async () => {
    await renderPeopleInDutch('/app/people?candidate=7', {
      'GET /api/candidates/7': detail(7),
      'GET /api/candidates/7/booking-links': bookingLinkList([]),
      'GET /api/meetings': meetingList([]),
      'GET /api/meeting-types': meetingTypeList([]),
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'WhatsApp' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Toestemming voor WhatsApp vastleggen' }));
    expect(dialog.getByText('Toestemming moet aantoonbaar zijn. Beschrijf hoe en wanneer Anna de Vries akkoord ging; dit wordt bewaard in het toestemmingsregister.')).toBeTruthy();
    expect(dialog.getByLabelText(/Hoe ging de kandidaat akkoord\?/).getAttribute('placeholder')).toBe('Zei ja aan de telefoon op 3 nov');
    expect(dialog.getByRole('button', { name: 'Toestemming vastleggen' })).toBeTruthy();
    expect(await screen.findByTestId('no-meeting-types')).toBeTruthy();
    expect(screen.getByTestId('no-meeting-types').textContent)
      .toBe('Je hebt nog geen soorten afspraken. Stel afspraken plannen in om boekingslinks te sturen.');
  });

  it('shows the candidate form and its validation messages in Dutch', async () => {
    await renderPeopleInDutch('/app/people?action=add-candidate');
    const form = within(await screen.findByTestId('candidate-form'));
    expect(screen.getByText('Een nieuwe kandidaat voor je talentpools.')).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'not-an-address' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Telefoon' }), { target: { value: 'call me' } });
    fireEvent.click(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Kandidaat toevoegen' }));
    expect(await form.findByText('Naam is verplicht')).toBeTruthy();
    expect(form.getByText('Vul een geldig e-mailadres in')).toBeTruthy();
    expect(form.getByText('Vul een telefoonnummer in zoals +31 6 12345678')).toBeTruthy();
    expect(form.getByRole('checkbox', { name: 'Staat e-mail toe' })).toBeTruthy();
    expect(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Annuleren' })).toBeTruthy();
  });
});

describe('search palette in Dutch', () => {
  const results = answer(searchResultsSchema, [
    { id: 'c1', type: 'candidate', title: 'Anna de Vries', subtitle: 'anna@example.com', url: '/app/people?candidate=1', action: 'navigate', icon: 'User' },
    { id: 'a1', type: 'action', title: 'Add candidate', url: '/app/people?action=add-candidate', action: 'navigate', icon: 'UserPlus' },
  ]);

  it('shows the hint, the placeholder, the count and "no results" in Dutch', async () => {
    await setInterfaceLanguage('nl');
    stubFetch({
      'GET /api/search': (url: string) => jsonResponse(new URL(url, 'http://x').searchParams.get('q') === 'zzz' ? [] : results),
    });
    await renderApp('/app', { user: recruiter });
    await CommandPalette.preload();
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true });
    const dialog = within(await screen.findByRole('dialog', { name: 'Zoeken' }));
    expect(dialog.getByText('Begin te typen om in het hele product te zoeken')).toBeTruthy();
    expect(dialog.getByText('Probeer "campagne maken"')).toBeTruthy();
    const input = dialog.getByPlaceholderText('Zoek kandidaten, campagnes en sjablonen...');
    expect(input.getAttribute('aria-label')).toBe('Zoeken');

    fireEvent.change(input, { target: { value: 'anna' } });
    expect(await dialog.findAllByTestId('palette-result')).toHaveLength(2);
    expect(dialog.getByRole('listbox', { name: 'Zoekresultaten' })).toBeTruthy();
    expect(dialog.getByTestId('palette-count').textContent).toBe('2 resultaten');
    expect(dialog.getByText(/om te openen/)).toBeTruthy();

    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await dialog.findByText('Geen resultaten gevonden')).toBeTruthy();
    expect(dialog.getByText('Probeer een andere zoekterm')).toBeTruthy();
    expect(resultCountLabel(1)).toBe('1 resultaat');
  });
});

describe('People texts kept in step with the domain', () => {
  it('says each contact blocker once, by its code, in English and Dutch (errors.blockers)', async () => {
    const blockers = ['no_email', 'opted_out', 'no_consent', 'consent_expired', 'suppressed', 'no_whatsapp_number', 'whatsapp_opted_out', 'no_whatsapp_consent'] as const;
    expect(Object.keys(en.errors.blockers).sort()).toEqual([...blockers].sort());
    expect(codeText('blockers.no_consent')).toBe('Candidate has not consented to email');
    await setInterfaceLanguage('nl');
    expect(codeText('blockers.no_consent')).toBe('Kandidaat heeft geen toestemming gegeven voor e-mail');
  });

  it('writes the form schemas\' messages as codes that both languages have (no English lookup)', () => {
    const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      (result.error?.issues ?? []).map((issue) => issue.message);
    const seen = [
      ...issues(candidateCreateSchema.safeParse({ name: '' })),
      ...issues(candidateCreateSchema.safeParse({
        name: 'x'.repeat(201), email: 'nope', phone: 'call me', whatsappNumber: 'call me', jobFunction: 'x'.repeat(121),
        location: 'x'.repeat(121), preferredRole: 'x'.repeat(121), notes: 'x'.repeat(5001), leadScore: 101,
        skillTags: ['x'.repeat(51)], timeZone: 'Mars/Olympus',
      })),
      ...issues(candidateCreateSchema.safeParse({ name: 'x', email: `${'x'.repeat(250)}@example.com`, leadScore: 1.5, skillTags: Array.from({ length: 31 }, (_, i) => `s${i}`) })),
      ...issues(talentPoolCreateSchema.safeParse({ name: 'x'.repeat(121), description: 'x'.repeat(501) })),
    ];
    expect(seen.filter((message) => !codeOfMessage(message) || !knowsCode(codeOfMessage(message)!.code))).toEqual([]);
    expect(seen.length).toBeGreaterThanOrEqual(15);
  });
});
