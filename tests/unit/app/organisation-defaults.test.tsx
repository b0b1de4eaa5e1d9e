// @vitest-environment jsdom
// The organisation's settings in the messaging forms (issue 12): the compose dialog and the campaign
// wizard preselect the organisation's default language (spec §9's defaults stay while the settings
// cannot be read), and the wizard's placeholder gating agrees with the API: {{signature}} is filled
// when the campaign sends, {{company}} too once the organisation has a company name.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';
import { aiTemplate, aiTemplateList, candidateList, pool, poolList, suggestionList } from './messagingFixtures.ts';
import { recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';
import { organisationSettings } from './settingsFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const organisation = (fields: { defaultLanguage: 'english' | 'dutch' | null; companyName?: string | null }) => organisationSettings(fields);

function stubApi(settings?: unknown) {
  return stubFetch({
    'GET /api/candidates': candidateList([]),
    'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
    'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
    'GET /api/ai-templates/suggestions/announcement': suggestionList([]),
    'GET /api/talent-pools/1/reach': answer(poolReachSchema, { eligible: 40, byWhatsApp: 0, skipped: [] }),
    ...(settings ? { 'GET /api/settings/organisation': settings } : {}),
  });
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const checked = (name: string, label: 'English' | 'Dutch') => within(dialog(name)).getByLabelText<HTMLInputElement>(label).checked;

describe('the organisation\'s default language', () => {
  it('the compose dialog preselects it (Dutch here, where the spec\'s default is English)', async () => {
    stubApi(organisation({ defaultLanguage: 'dutch' }));
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    await waitFor(() => expect(checked('Compose Message', 'Dutch')).toBe(true));
    expect(checked('Compose Message', 'English')).toBe(false);
  });

  it('the wizard preselects it (English here, where the spec\'s default is Dutch); the default subject follows it', async () => {
    stubApi(organisation({ defaultLanguage: 'english' }));
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const wizard = await toContentStep();
    await waitFor(() => expect(checked('Create campaign', 'English')).toBe(true));
    expect(wizard.getByLabelText<HTMLInputElement>(/^Email subject/).value).toBe('New opening: {{jobTitle}} at {{company}}');
  });

  it('an organisation without a default language keeps the spec\'s defaults: English in compose, Dutch in the wizard', async () => {
    stubApi(organisation({ defaultLanguage: null }));
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    await waitFor(() => expect(checked('Compose Message', 'English')).toBe(true));
    act(() => closeAllPanels());
    await toContentStep();
    await waitFor(() => expect(checked('Create campaign', 'Dutch')).toBe(true));
  });

  it('without the settings (not readable) the spec\'s defaults stay: English in compose, Dutch in the wizard', async () => {
    const fetchMock = stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/settings/organisation')).toBe(true));
    expect(checked('Compose Message', 'English')).toBe(true);
    act(() => closeAllPanels());
    const wizard = await toContentStep();
    expect(checked('Create campaign', 'Dutch')).toBe(true);
    expect(wizard.getByLabelText<HTMLInputElement>(/^Email subject/).value).toBe('Nieuwe vacature: {{jobTitle}} bij {{company}}');
  });
});

/** Opens the wizard on the pool, chooses Job Announcement and goes to Content. */
async function toContentStep() {
  act(() => openPanel('campaign', { talentPoolId: 1 }));
  const wizard = within(dialog('Create campaign'));
  fireEvent.click(wizard.getByTestId('campaign-type-announcement'));
  await waitFor(() => expect(wizard.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false));
  fireEvent.click(wizard.getByRole('button', { name: 'Next' }));
  return wizard;
}

describe('the wizard\'s placeholder gating follows the organisation\'s settings', () => {
  async function contentStep(settings: unknown) {
    stubApi(settings);
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const wizard = await toContentStep();
    fireEvent.change(wizard.getByLabelText(/^Email subject/), { target: { value: 'Join {{company}}' } });
    fireEvent.change(wizard.getByLabelText(/^Email content/), { target: { value: 'Hi {{firstName}},\n\nA new role.\n\n{{signature}}' } });
    return wizard;
  }

  it('with a company name, {{company}} and {{signature}} are filled at send time: Next is enabled', async () => {
    const wizard = await contentStep(organisation({ defaultLanguage: 'dutch', companyName: 'Acme Talent' }));
    await waitFor(() => expect(wizard.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false));
    expect(wizard.queryByTestId('placeholders-to-fill')).toBeNull();
  });

  it('without one, {{company}} is the recruiter\'s to fill (the reason shown); {{signature}} still is not', async () => {
    const wizard = await contentStep(organisation({ defaultLanguage: 'dutch', companyName: null }));
    expect(await wizard.findByTestId('next-blocked-reason')).toHaveProperty('textContent', 'First email: fill in {{company}}');
    expect(wizard.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });
});

describe('the compose dialog\'s blanks follow the organisation\'s settings', () => {
  function composed(settings: unknown) {
    stubApi(settings);
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    const compose = within(dialog('Compose Message'));
    fireEvent.change(compose.getByLabelText(/^Subject/), { target: { value: 'Join {{company}}' } });
    fireEvent.change(compose.getByLabelText(/^Message/), { target: { value: 'Hi {{firstName}},\n\nA new role.\n\n{{signature}}' } });
    return compose;
  }

  it('to one candidate without a company name: {{company}} is a blank, {{signature}} never is', async () => {
    const compose = composed(organisation({ defaultLanguage: null, companyName: null }));
    expect(await compose.findByTestId('compose-placeholders-to-fill')).toHaveProperty('textContent', 'Replace {{company}} before sending.');
  });

  it('to one candidate with a company name: nothing is left to fill', async () => {
    const compose = composed(organisation({ defaultLanguage: null, companyName: 'Acme Talent' }));
    await waitFor(() => expect(compose.getByLabelText<HTMLInputElement>(/^Subject/).value).toBe('Join {{company}}'));
    await waitFor(() => expect(compose.queryByTestId('compose-placeholders-to-fill')).toBeNull());
  });
});
