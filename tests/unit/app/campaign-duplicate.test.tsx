// @vitest-environment jsdom
// Duplicate on a campaign's page: the wizard opens with the campaign's type, pool, language, texts, follow-ups
// (a default "Re:" subject stays a default), send window and "join late", under "<name> (copy)"; launching it
// sends all of that as a new campaign.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { CampaignPage } from '#app/pages/communications/campaign/CampaignPage.tsx';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { campaignRecipientListSchema } from '#domain/campaigns/schemas.ts';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';
import { aiTemplateList, campaignDetail, createdCampaign, pool, poolList } from './messagingFixtures.ts';
import { jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const counts = { waiting: 0, sent: 20, failed: 0, exited: 0 };
const ORIGINAL = campaignDetail(9, {
  name: 'Spring nurture', campaignType: 'nurture', talentPoolId: 1, talentPoolName: 'Frontend', language: 'english',
  emailSubject: 'Coffee?', emailContent: 'Hi {{firstName}}, coffee?', status: 'sent', joinLate: true,
  sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: false },
  steps: [
    { position: 1, delayDays: 0, businessDaysOnly: false, subject: 'Coffee?', content: 'Hi {{firstName}}, coffee?', counts },
    { position: 2, delayDays: 3, businessDaysOnly: false, subject: 'Re: Coffee?', content: 'Any news?', counts },
    { position: 3, delayDays: 5, businessDaysOnly: true, subject: 'One last try', content: 'Last one.', counts },
  ],
});

const wizard = () => screen.getByRole('dialog', { name: 'Create campaign' });
const field = (label: RegExp, scope: HTMLElement = wizard()) => within(scope).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });

describe('Duplicate on a campaign\'s page', () => {
  it('opens the wizard with the campaign\'s settings under a new name, and launches the copy', async () => {
    const fetchMock = stubFetch({
      'GET /api/campaigns/9': ORIGINAL,
      'GET /api/campaigns/9/recipients': answer(campaignRecipientListSchema, { nextCursor: null, total: 0, recipients: [] }),
      'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
      'GET /api/ai-templates': aiTemplateList([]),
      'GET /api/talent-pools/1/reach': answer(poolReachSchema, { eligible: 40, byWhatsApp: 0, skipped: [] }),
      'POST /api/campaigns': () => jsonResponse(createdCampaign(10), 201),
    });
    await renderPage('/app/communications/campaigns/9', <><CampaignPage /><GlobalPanels /></>, { user: recruiter });
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(field(/^Campaign name/).value).toBe('Spring nurture (copy)'));
    await waitFor(() => expect(field(/^Talent pool/).value).toBe('Frontend (40)'));
    fireEvent.click(within(wizard()).getByRole('button', { name: 'Next' }));
    expect(field(/^Email subject/).value).toBe('Coffee?');
    expect(field(/^Email content/).value).toBe('Hi {{firstName}}, coffee?');
    const second = within(wizard()).getByTestId('follow-up-1');
    expect(field(/^Follow-up content/, second).value).toBe('Any news?');
    const third = within(wizard()).getByTestId('follow-up-2');
    expect(field(/^Follow-up content/, third).value).toBe('Last one.');
    fireEvent.click(within(wizard()).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(wizard()).findByRole('button', { name: 'Launch campaign' }));

    await screen.findByText('Campaign Created Successfully!');
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/campaigns' && init?.method === 'POST')!;
    expect(sentJson(post[1])).toMatchObject({
      name: 'Spring nurture (copy)', campaignType: 'nurture', talentPoolId: 1, language: 'english',
      emailSubject: 'Coffee?', emailContent: 'Hi {{firstName}}, coffee?', joinLate: true,
      sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: false },
      steps: [
        { delayDays: 3, businessDaysOnly: false, subject: 'Re: Coffee?', content: 'Any news?' },
        { delayDays: 5, businessDaysOnly: true, subject: 'One last try', content: 'Last one.' },
      ],
    });
  });
});
