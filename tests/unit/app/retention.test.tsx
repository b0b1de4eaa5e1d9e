// @vitest-environment jsdom
// /app/admin?tab=retention (issue 30): the rules in words, who will be erased on which date and why,
// Exempt and Keep the data with a reason, the exempted people; adding a rule; the tab in the URL.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { failure } from './answers.ts';
import { dataRequests, EMPTY_PREVIEW, EXEMPTED, EXEMPTIONS, NO_EXEMPTIONS, OPEN_ERASURE, PREVIEW, requestAnswer, RULES, ruleAnswer } from './dataRightsFixtures.ts';
import { renderApp } from './renderInRouter.tsx';
import { admin, currentUrl, jsonResponse, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(async () => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
});

const RETENTION = {
  'GET /api/admin/retention-rules': RULES,
  'GET /api/admin/retention-preview': PREVIEW,
  'GET /api/admin/retention-exemptions': EXEMPTIONS,
};

const rowOf = async (testId: string, text: string) =>
  (await screen.findAllByTestId(testId)).find((row) => row.textContent?.includes(text))!;

describe('the Retention tab', () => {
  it('shows the rules, who will be erased on which date and why, and who is exempted', async () => {
    stubFetch(RETENTION);
    await renderApp('/app/admin?tab=retention', { user: admin });
    expect(screen.getByRole('tab', { name: 'Retention', selected: true })).toBeTruthy();

    const inactive = await rowOf('retention-rule', 'Inactive');
    expect(within(inactive).getByText('No activity for 24 months')).toBeTruthy();
    expect(within(inactive).getByText('14 days')).toBeTruthy();
    expect(within(inactive).getByText('On')).toBeTruthy();
    expect(within(await rowOf('retention-rule', 'Erasure requested')).getByText('When the undo window of a request from the privacy page ends')).toBeTruthy();

    const iris = await rowOf('retention-preview-row', 'Iris Idle');
    expect(within(iris).getByText('No activity since Oct 10, 2024 (inactive for 24 months)')).toBeTruthy();
    expect(within(iris).getByText('Oct 24, 2026')).toBeTruthy();
    expect(within(iris).getByText('Due now')).toBeTruthy();
    expect(within(iris).getByRole('button', { name: 'Exempt Iris Idle' })).toBeTruthy();
    const eli = await rowOf('retention-preview-row', 'Eli Erase');
    expect(within(eli).getByText('Asked for erasure on Nov 28, 2026')).toBeTruthy();
    expect(within(eli).getByRole('button', { name: 'Keep the data of Eli Erase' })).toBeTruthy();
    expect(screen.getByTestId('retention-preview-count').textContent).toBe('2 people');

    const exempted = await rowOf('retention-exemption', 'Iris Idle');
    expect(within(exempted).getByText('Legal hold')).toBeTruthy();
    expect(within(exempted).getByRole('button', { name: 'Lift the exemption of Iris Idle' })).toBeTruthy();
  });

  it('says so when nobody is erased and nobody exempted', async () => {
    stubFetch({ ...RETENTION, 'GET /api/admin/retention-preview': EMPTY_PREVIEW, 'GET /api/admin/retention-exemptions': NO_EXEMPTIONS });
    await renderApp('/app/admin?tab=retention', { user: admin });
    expect(await screen.findByText('Nobody is erased in this period.')).toBeTruthy();
    expect(await screen.findByText('Nobody is exempted.')).toBeTruthy();
  });

  it('exempts someone only with a reason, and sends it', async () => {
    const post = vi.fn(() => jsonResponse(EXEMPTED, 201));
    const fetchMock = stubFetch({ ...RETENTION, 'POST /api/admin/retention-exemptions': post });
    await renderApp('/app/admin?tab=retention', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Exempt Iris Idle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exempt Iris Idle' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Reason/)));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Exempt' }));
    expect(await within(dialog).findByText('reason is required: say why, in at least 3 characters')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Legal hold until the case ends' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exempt' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/admin/retention-exemptions' && init?.method === 'POST')!;
    expect(sentJson(call[1])).toEqual({ candidateId: 41, reason: 'Legal hold until the case ends' });
    expect(await screen.findByText('Exempted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exempt Iris Idle' })).toBeNull());
  });

  it('keeps the data of someone who asked for erasure: the request is refused with the reason', async () => {
    const patch = vi.fn(() => jsonResponse(requestAnswer({ ...OPEN_ERASURE, id: 77, state: 'refused', resolution: 'Open legal claim' })));
    const fetchMock = stubFetch({ ...RETENTION, 'PATCH /api/admin/data-requests/77': patch, 'GET /api/admin/data-requests': dataRequests([]) });
    await renderApp('/app/admin?tab=retention', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the data of Eli Erase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep the data of Eli Erase' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Open legal claim' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the data' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/data-requests/77')!;
    expect(sentJson(call[1])).toEqual({ state: 'refused', resolution: 'Open legal claim' });
    expect(await screen.findByText('Request refused')).toBeTruthy();
  });

  it('adds a rule of a kind not used yet', async () => {
    const post = vi.fn(() => jsonResponse(ruleAnswer({ id: 4, kind: 'no_consent', months: 12 }), 201));
    const fetchMock = stubFetch({ ...RETENTION, 'POST /api/admin/retention-rules': post });
    await renderApp('/app/admin?tab=retention', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a retention rule' });
    // Inactive and erasure requested have their rule: no consent is what is left.
    expect(within(dialog).getByDisplayValue('No consent')).toBeTruthy();
    expect(within(dialog).getByText('Neither email nor WhatsApp consent for this many months.')).toBeTruthy();
    fireEvent.change(within(dialog).getByDisplayValue('24'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/admin/retention-rules' && init?.method === 'POST')!;
    expect(sentJson(call[1])).toEqual({ kind: 'no_consent', months: 12, graceDays: 30, enabled: true });
    expect(await screen.findByText('Rule saved')).toBeTruthy();
  });

  it("shows the server's refusal under its field", async () => {
    stubFetch({ ...RETENTION, 'PATCH /api/admin/retention-rules/3': () => jsonResponse(failure({
      error: 'months must be between 1 and 240', code: 'validation.between', params: { field: 'months', min: 1, max: 240 }, field: 'months',
    }), 400) });
    await renderApp('/app/admin?tab=retention', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the rule Inactive' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('months must be between 1 and 240')).toBeTruthy();
  });

  it('puts the tab in the URL', async () => {
    stubFetch({ ...RETENTION, 'GET /api/admin/users': { users: [] }, 'GET /api/admin/data-requests': dataRequests([]) });
    await renderApp('/app/admin', { user: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Retention' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/admin?tab=retention'));
    fireEvent.click(screen.getByRole('tab', { name: 'Data requests' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/admin?tab=data-requests'));
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/admin'));
  });

  it('speaks Dutch', async () => {
    await setInterfaceLanguage('nl');
    stubFetch(RETENTION);
    await renderApp('/app/admin?tab=retention', { user: admin });
    expect(screen.getByRole('tab', { name: 'Bewaartermijnen', selected: true })).toBeTruthy();
    const iris = await rowOf('retention-preview-row', 'Iris Idle');
    expect(within(iris).getByText('Geen activiteit sinds 10 okt 2024 (24 maanden inactief)')).toBeTruthy();
    expect(within(iris).getByRole('button', { name: 'Iris Idle uitzonderen' })).toBeTruthy();
    expect(within(await rowOf('retention-rule', 'Inactief')).getByText('24 maanden geen activiteit')).toBeTruthy();
  });
});
