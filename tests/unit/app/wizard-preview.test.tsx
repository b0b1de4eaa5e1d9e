// @vitest-environment jsdom
// The wizard's preview on the Launch step: the emails as one of the pool's members reads them, every
// {{placeholder}} filled the way the worker fills it (their first name and place, my name and signature, the
// organisation's signature), the follow-ups with their subjects and days; another member chosen, the text follows.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';
import { aiTemplateList, pool, poolList } from './messagingFixtures.ts';
import { candidate } from './peopleFixtures.ts';
import { recruiter, requestUrl, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';
import { organisationSettings, profileSettings } from './settingsFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const PROFILE = profileSettings({ title: 'Talent Partner' });
const ORGANISATION = organisationSettings({ companyName: 'Acme Talent', signature: 'Acme Talent, Utrecht' });

const wizard = () => screen.getByRole('dialog', { name: 'Create campaign' });

describe('the wizard\'s preview', () => {
  it('shows the emails as a pool member reads them, placeholders filled, and follows the member chosen', async () => {
    const fetchMock = stubFetch({
      'GET /api/talent-pools': poolList([pool(1, 'Frontend', 2)]),
      'GET /api/ai-templates': aiTemplateList([]),
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': ORGANISATION,
      'GET /api/talent-pools/1/reach': answer(poolReachSchema, { eligible: 2, byWhatsApp: 0, skipped: [] }),
      'GET /api/candidates': [
        candidate(70, { name: 'Anna de Vries', location: 'Utrecht' }),
        candidate(71, { name: 'Bram Jansen', location: null }),
      ],
    });
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign', {
      campaignType: 'nurture', talentPoolId: 1, language: 'english', emailSubject: 'Hello {{firstName}}',
      emailContent: 'Hi {{firstName}}, how is {{location}}?\n\n{{signature}}',
      copy: { followUps: [{ delayDays: 3, businessDaysOnly: true, subject: '', content: 'Any news, {{firstName}}?', selectedTemplate: '' }] },
    }));
    await waitFor(() => expect(within(wizard()).getByLabelText<HTMLInputElement>(/^Talent pool/, { selector: 'input' }).value).toBe('Frontend (2)'));
    fireEvent.click(within(wizard()).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(wizard()).getByRole('button', { name: 'Next' }));

    fireEvent.click(await within(wizard()).findByRole('button', { name: 'Preview for a candidate' }));
    const preview = await within(wizard()).findByTestId('email-preview');
    await waitFor(() => expect(within(preview).getAllByTestId('preview-email')).toHaveLength(2));
    const [first, followUp] = within(preview).getAllByTestId('preview-email');
    expect(first.textContent).toBe('First emailHello AnnaHi Anna, how is Utrecht?\n\nRita Recruiter\nTalent Partner\nAcme Talent, Utrecht');
    expect(followUp.textContent).toBe('Follow-up 1 · 3 business days after the previous stepRe: Hello AnnaAny news, Anna?');
    const asked = fetchMock.mock.calls.map(([input]) => requestUrl(input)).find((url) => url.startsWith('/api/candidates'));
    expect(new URL(asked!, 'http://x').searchParams.get('talentPoolId')).toBe('1');
    // Only members the campaign will email: the list's consent filter is the eligibility rule.
    expect(new URL(asked!, 'http://x').searchParams.get('consent')).toBe('email');

    // Another member: their own values, or the words that stand in for what their record lacks.
    fireEvent.click(within(preview).getByRole('combobox', { name: 'As written to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bram Jansen' }));
    await waitFor(() => expect(within(preview).getAllByTestId('preview-email')[0].textContent).toContain('Hi Bram, how is your region?'));
  });
});
