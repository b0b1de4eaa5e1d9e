// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState } from '#app/drawers/drawerStore.ts';
import { candidateFormDefaults, updateBody } from '#app/pages/people/candidateFormValues.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { answer, failure } from './answers.ts';
import { poolMembersAddedSchema, poolMembersRemovedSchema, talentPoolSchema } from '#domain/talent-pools/schemas.ts';
import { renderPage } from './renderInRouter.tsx';
import { currentUrl, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { candidate, detail, peopleList, pools } from './peopleFixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  closeAllPanels();
});

const USER_ID = '3f2b8c1e-5d4a-4b6e-9f1a-2c3d4e5f6a7b';

async function renderAtPath(path: string, extra: Record<string, unknown> = {}) {
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(3),
    ...extra,
  });
  const view = await renderPage(path, <PeoplePage />, { user: recruiter });
  return { fetchMock, ...view };
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  sentJson(fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method).at(-1)![1]);

describe('candidate detail drawer', () => {
  it('opens from ?candidate= with the name, job function · location and every section', async () => {
    await renderAtPath('/app/people?candidate=7', { 'GET /api/candidates/7': detail(7) });
    const drawer = await screen.findByTestId('candidate-detail');
    expect(screen.getByRole('heading', { name: 'Anna de Vries' })).toBeTruthy();
    expect(screen.getByText('Backend Engineer · Utrecht')).toBeTruthy();
    const fact = (label: string) => drawer.querySelector(`[data-fact="${label}"]`)?.textContent;
    expect(fact('Email')).toBe('c7@example.com');
    expect(fact('Phone')).toBe('+31 6 12345678');
    expect(fact('WhatsApp number')).toBe('—');
    expect(fact('Preferred contact method')).toBe('Email');
    expect(fact('Seniority')).toBe('Senior');
    expect(fact('Preferred role')).toBe('Tech Lead');
    expect(fact('Lead score (your team’s rating)')).toBe('50');
    // The tab names the open candidate first.
    await waitFor(() => expect(document.title).toBe('Anna de Vries · People · Talentloop'));
    expect(within(drawer).getByText('go')).toBeTruthy();
    expect(within(screen.getByTestId('candidate-pools')).getByText('Backend Engineers')).toBeTruthy();
    expect(within(screen.getByTestId('candidate-engagement')).getByTestId('engagement-score').textContent).toBe('42%');
    const messages = within(screen.getByTestId('candidate-messages')).getAllByTestId('candidate-message');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Re: Quick hello'),
      expect.stringContaining('Quick hello'),
    ]);
    expect(messages[0].textContent).toContain('Positive');
    expect(screen.getByTestId('consent-history').textContent).toContain('Demo data');
    // What a recruiter acts on leads: engagement, meetings and messages before the details and consent.
    const order = ['candidate-engagement', 'candidate-meetings', 'candidate-messages', 'consent-history']
      .map((id) => screen.getByTestId(id));
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('adds the candidate to a pool from the footer, offering only the pools they are not in', async () => {
    const addMembers = vi.fn(() => jsonResponse(answer(poolMembersAddedSchema, { added: 1 })));
    const { fetchMock } = await renderAtPath('/app/people?candidate=7', { 'GET /api/candidates/7': detail(7), 'POST /api/talent-pools/2/members': addMembers });
    await screen.findByTestId('candidate-detail');
    fireEvent.click(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Add to pool' }));
    // Already in Backend Engineers: only Frontend Engineers is offered.
    expect((await screen.findAllByRole('option')).map((item) => item.textContent)).toEqual(['Frontend Engineers']);
    fireEvent.click(screen.getByRole('option', { name: 'Frontend Engineers' }));
    expect(await screen.findByText('Added 1 candidate to the pool')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/talent-pools/2/members')).toEqual({ candidateIds: [7] });
  });

  it('takes the candidate out of a pool from its badge, and says so', async () => {
    const removeMembers = vi.fn(() => jsonResponse(answer(poolMembersRemovedSchema, { removed: 1 })));
    const { fetchMock } = await renderAtPath('/app/people?candidate=7', { 'GET /api/candidates/7': detail(7), 'POST /api/talent-pools/1/members/remove': removeMembers });
    const pools = await screen.findByTestId('candidate-pools');
    fireEvent.click(within(pools).getByRole('button', { name: 'Remove from Backend Engineers' }));
    expect(await screen.findByText('Removed 1 candidate from the pool')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/talent-pools/1/members/remove')).toEqual({ candidateIds: [7] });
  });

  it('makes a pool from the picker\'s search when no pool has the name, and adds the candidate to it', async () => {
    const createPool = vi.fn(() => jsonResponse(answer(talentPoolSchema, { id: 9, name: 'Data Team', description: null, candidateCount: 0 }), 201));
    const addMembers = vi.fn(() => jsonResponse(answer(poolMembersAddedSchema, { added: 1 })));
    const { fetchMock } = await renderAtPath('/app/people?candidate=7', {
      'GET /api/candidates/7': detail(7), 'POST /api/talent-pools': createPool, 'POST /api/talent-pools/9/members': addMembers,
    });
    await screen.findByTestId('candidate-detail');
    fireEvent.click(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Add to pool' }));
    const search = await screen.findByRole('textbox', { name: 'Find a pool' });
    // A pool's name in another case is that pool (the candidate is in it already): nothing to make.
    fireEvent.change(search, { target: { value: 'backend ENGINEERS' } });
    expect(await screen.findByText('No pool matches "backend ENGINEERS"')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.change(search, { target: { value: '  Data Team ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Create pool "Data Team"' }));
    expect(await screen.findByText('Created the pool Data Team and added 1 candidate')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/talent-pools')).toEqual({ name: 'Data Team' });
    expect(bodyOf(fetchMock, 'POST', '/api/talent-pools/9/members')).toEqual({ candidateIds: [7] });
  });

  it('changes consent with a switch (PATCH) and shows the new ledger entry', async () => {
    let current = detail(7);
    const patch = vi.fn((_url: string, init: RequestInit) => {
      const change = sentJson(init);
      current = detail(7, {
        ...current,
        allowsEmail: change.allowsEmail,
        consentHistory: [{ channel: 'email', granted: change.allowsEmail, source: 'recruiter', wording: 'Recorded by a recruiter in Talentloop', createdAt: '2026-03-09T10:00:00Z', createdBy: USER_ID }, ...current.consentHistory],
      });
      return jsonResponse(current);
    });
    const { fetchMock } = await renderAtPath('/app/people?candidate=7', {
      'GET /api/candidates/7': () => jsonResponse(current),
      'PATCH /api/candidates/7': patch,
    });
    const email = await screen.findByRole('switch', { name: 'Email' });
    expect((email as HTMLInputElement).checked).toBe(true);
    fireEvent.click(email);
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'PATCH', '/api/candidates/7')).toEqual({ allowsEmail: false });
    await waitFor(() => expect(screen.getAllByTestId('consent-event')).toHaveLength(2));
    const newest = screen.getAllByTestId('consent-event')[0];
    expect(newest.textContent).toContain('Withdrawn');
    expect(newest.textContent).toContain('Recruiter');
    // A bare user id means nothing to a recruiter: it is not shown.
    expect(newest.textContent).not.toContain(USER_ID);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Email' }).checked).toBe(false);
  });

  it('"Send message" opens the compose panel for this candidate', async () => {
    await renderAtPath('/app/people?candidate=7', { 'GET /api/candidates/7': detail(7) });
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(getDrawerState().compose).toMatchObject({ open: true, candidateId: 7, candidateName: 'Anna de Vries' });
  });

  it('closing the drawer removes ?candidate= from the URL', async () => {
    await renderAtPath('/app/people?candidate=7', { 'GET /api/candidates/7': detail(7) });
    await screen.findByTestId('candidate-detail');
    fireEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/people'));
  });

  it('edits: the form starts with the values and PATCHes the profile fields only', async () => {
    const patch = vi.fn(() => jsonResponse(detail(7, { name: 'Anna van Vries' })));
    const { fetchMock } = await renderAtPath('/app/people?candidate=7', {
      'GET /api/candidates/7': detail(7),
      'PATCH /api/candidates/7': patch,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('candidate-form');
    const name = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Anna de Vries');
    expect(within(form).queryByLabelText('Allows email')).toBeNull();
    fireEvent.change(name, { target: { value: 'Anna van Vries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const body = bodyOf(fetchMock, 'PATCH', '/api/candidates/7');
    expect(body).toMatchObject({ name: 'Anna van Vries', email: 'c7@example.com', skillTags: ['go', 'sql'], leadScore: 50 });
    expect(body).not.toHaveProperty('allowsEmail');
    expect(body).not.toHaveProperty('talentPoolIds');
    await waitFor(() => expect(screen.queryByTestId('candidate-form')).toBeNull());
  });
});

describe('create form (?action=add-candidate)', () => {
  it('shows the schema\'s errors on the fields', async () => {
    const create = vi.fn();
    await renderAtPath('/app/people?action=add-candidate', { 'POST /api/candidates': create });
    const form = await screen.findByTestId('candidate-form');
    const submit = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add candidate' }));
    submit();
    expect(await within(form).findByText('name is required')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Joël Müller' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'joel@' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone' }), { target: { value: 'call me' } });
    submit();
    expect(await within(form).findByText('email must be a valid email address')).toBeTruthy();
    expect(within(form).getByText('phone must be a phone number like +31 6 12345678')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows a server refusal on its field, then creates and opens the new candidate', async () => {
    let attempts = 0;
    const create = vi.fn(() => (++attempts === 1
      ? jsonResponse(failure({ error: 'a candidate with this email already exists', field: 'email' }), 409)
      : jsonResponse(detail(42, { name: 'Joël Müller' }), 201)));
    const { fetchMock } = await renderAtPath('/app/people?action=add-candidate', {
      'POST /api/candidates': create,
      'GET /api/candidates/42': detail(42, { name: 'Joël Müller' }),
    });
    const form = await screen.findByTestId('candidate-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Joël Müller' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'Joel@Example.com' } });
    const submit = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add candidate' }));
    submit();
    expect(await within(form).findByText('a candidate with this email already exists')).toBeTruthy();
    submit();
    await waitFor(() => expect(currentUrl()).toBe('/app/people?candidate=42'));
    const body = bodyOf(fetchMock, 'POST', '/api/candidates');
    expect(body).toMatchObject({ name: 'Joël Müller', email: 'joel@example.com', allowsEmail: true, allowsWhatsapp: false, talentPoolIds: [] });
    expect(await screen.findByRole('heading', { name: 'Joël Müller' })).toBeTruthy();
  });
});

describe('form values', () => {
  it('start from the candidate, or empty with the current pool', () => {
    expect(candidateFormDefaults(null, 2)).toMatchObject({ name: '', talentPoolIds: [2], allowsEmail: true, allowsWhatsapp: false, preferredContactMethod: 'email' });
    expect(candidateFormDefaults(candidate(3, { email: null, preferredContactMethod: 'whatsapp' }))).toMatchObject({ email: '', preferredContactMethod: 'whatsapp' });
  });

  it('an edit leaves consent and pools out', () => {
    expect(updateBody({ name: 'A', allowsEmail: false, allowsWhatsapp: true, talentPoolIds: [1], consentWording: 'x', location: 'Delft' }))
      .toEqual({ name: 'A', location: 'Delft' });
  });
});
