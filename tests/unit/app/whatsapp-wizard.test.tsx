// @vitest-environment jsdom
// Issue 14 in the campaign wizard and the campaign's detail: the first step can go by an approved
// WhatsApp template to the candidates who allow WhatsApp (the rest get the email), sent as whatsappTemplate.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { CampaignPage } from '#app/pages/communications/campaign/CampaignPage.tsx';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import { whatsappStateSchema } from '#domain/whatsapp/schemas.ts';
import { answer } from './answers.ts';
import { jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';
import { aiTemplate, aiTemplateList, campaignDetail, createdCampaign, pool, poolList, suggestionList } from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const state = (configured: boolean) => answer(whatsappStateSchema, {
  configured, mode: configured ? 'WhatsApp Business Cloud API' : 'WhatsApp not configured', summary: '', details: [], problems: [], reminderTemplate: null,
  templates: configured ? [{ name: 'vacature_update', language: 'nl', parameters: 1 }] : [],
});

function stubApi(configured: boolean) {
  return stubFetch({
    'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
    'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
    'GET /api/ai-templates/suggestions/nurture': suggestionList([]),
    // With step 1 by template, 12 who have no email address are reached by WhatsApp.
    'GET /api/talent-pools/1/reach': (url: string) => jsonResponse(url.endsWith('?whatsapp=true')
      ? answer(poolReachSchema, { eligible: 40, byWhatsApp: 12, skipped: [] })
      : answer(poolReachSchema, { eligible: 28, byWhatsApp: 0, skipped: [{ reason: 'No email address on file', count: 12 }] })),
    'GET /api/whatsapp': state(configured),
    'POST /api/campaigns': () => jsonResponse(createdCampaign(9), 201),
  });
}

const wizard = () => screen.getByRole('dialog', { name: 'Create campaign' });
const button = (name: string) => within(wizard()).getByRole<HTMLButtonElement>('button', { name });
const input = (label: RegExp) => within(wizard()).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const OPTION = 'Send by WhatsApp template to candidates who allow WhatsApp (the rest get this email)';

async function toContentStep(fetchMock: ReturnType<typeof stubFetch>) {
  act(() => openPanel('campaign'));
  fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/talent-pools')).toBe(true));
  fireEvent.click(input(/^Talent pool/));
  fireEvent.click(await screen.findByRole('option', { name: 'Frontend (40)' }));
  fireEvent.click(button('Next'));
  fireEvent.change(input(/^Email subject/), { target: { value: 'Hoe gaat het?' } });
  fireEvent.change(input(/^Email content/), { target: { value: 'Hoi {{firstName}}!' } });
}

describe('a campaign by WhatsApp template', () => {
  it('needs a template and its parameters, states it on Launch and sends whatsappTemplate', async () => {
    const fetchMock = stubApi(true);
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    await toContentStep(fetchMock);
    const option = within(wizard()).getByRole<HTMLInputElement>('checkbox', { name: OPTION });
    await waitFor(() => expect(option.disabled).toBe(false));
    fireEvent.click(option);
    expect(button('Next').disabled).toBe(true);

    fireEvent.click(within(wizard()).getByLabelText(/^WhatsApp template/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'vacature_update (Dutch)' }));
    expect(button('Next').disabled).toBe(true);
    fireEvent.change(within(wizard()).getByLabelText('Parameter 1', { exact: false, selector: 'input' }), { target: { value: 'Frontend' } });
    await waitFor(() => expect(button('Next').disabled).toBe(false));
    fireEvent.click(button('Next'));

    const summary = within(wizard()).getByTestId('campaign-summary');
    expect(within(summary).getByText('Template vacature_update (Dutch) to candidates who allow WhatsApp; the rest get the email')).toBeTruthy();
    // The count is WhatsApp's too: who gets the template, who the email.
    const reach = await within(wizard()).findByTestId('campaign-reach');
    expect(within(reach).getByText('40 candidates will receive it tomorrow at 9:00 AM')).toBeTruthy();
    expect(within(reach).getByText('12 by WhatsApp template, 28 by email')).toBeTruthy();
    expect(within(reach).getByText('No one in the pool is skipped.')).toBeTruthy();
    fireEvent.click(button('Launch campaign'));
    expect(await screen.findByText('Campaign Created Successfully!')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/campaigns' && init?.method === 'POST')!;
    expect(sentJson(post[1])).toMatchObject({
      emailSubject: 'Hoe gaat het?', emailContent: 'Hoi {{firstName}}!',
      whatsappTemplate: { name: 'vacature_update', language: 'nl', parameters: ['Frontend'] },
    });
  });

  it('without WhatsApp configured the option cannot be chosen and the payload has no whatsappTemplate', async () => {
    const fetchMock = stubApi(false);
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    await toContentStep(fetchMock);
    expect(await within(wizard()).findByText('WhatsApp not configured: everyone gets the email.')).toBeTruthy();
    expect(within(wizard()).getByRole<HTMLInputElement>('checkbox', { name: OPTION }).disabled).toBe(true);
    fireEvent.click(button('Next'));
    const reach = await within(wizard()).findByTestId('campaign-reach');
    expect(within(reach).getByText('28 candidates will receive it tomorrow at 9:00 AM')).toBeTruthy();
    expect(within(reach).queryByText(/by WhatsApp template/)).toBeNull();
    expect(within(reach).getByText('No email address on file: 12')).toBeTruthy();
    fireEvent.click(button('Launch campaign'));
    expect(await screen.findByText('Campaign Created Successfully!')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/campaigns' && init?.method === 'POST')!;
    expect(sentJson(post[1])).not.toHaveProperty('whatsappTemplate');
  });

  it('the campaign detail states the WhatsApp template', async () => {
    stubFetch({ 'GET /api/campaigns/5': campaignDetail(5, { whatsappTemplate: { name: 'vacature_update', language: 'nl', parameters: ['Frontend'] } }) });
    await renderPage('/app/communications/campaigns/5', <CampaignPage />, { user: recruiter });
    expect((await screen.findByTestId('campaign-whatsapp-template')).textContent)
      .toBe('WhatsApp: template vacature_update (Dutch) to candidates who allow WhatsApp; the rest get the email');
  });
});
