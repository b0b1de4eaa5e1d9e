// @vitest-environment jsdom
// The campaign wizard (spec §2, §4, §5, §7, §8).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState, openPanel } from '#app/drawers/drawerStore.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { openCampaignWizard } from '#app/panels/wizard/openCampaignWizard.ts';
import { actAsync, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';
import { answer, failure } from './answers.ts';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import {
  aiTemplate, aiTemplateList, campaignList, createdCampaign, generation, pool, poolList, suggestion, suggestionList,
} from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const pools = [pool(1, 'Frontend', 40), pool(2, 'Data', 40)];
const suggestions = [
  suggestion(1, 'nurture-checkin', 'Career Check-in', 'A friendly check-in'),
  suggestion(2, 'nurture-market', 'Market Update', 'What is happening'),
];
const generated = generation({ subject: 'Hoe gaat het, {{firstName}}?', content: 'Hoi {{firstName}}, hoe gaat het?', templateName: 'Career Check-in' });

function stubApi(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/talent-pools': poolList(pools),
    'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
    'GET /api/ai-templates/suggestions/nurture': suggestionList(suggestions),
    'GET /api/ai-templates/suggestions/event': suggestionList([]),
    'GET /api/talent-pools/1/reach': answer(poolReachSchema, { eligible: 40, byWhatsApp: 0, skipped: [] }),
    'GET /api/talent-pools/2/reach': answer(poolReachSchema, { eligible: 40, byWhatsApp: 0, skipped: [] }),
    ...extra,
  });
}

const wizard = () => screen.getByRole('dialog', { name: 'Create campaign' });
const button = (name: string) => within(wizard()).getByRole<HTMLButtonElement>('button', { name });
const input = (label: RegExp) => within(wizard()).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const postBody = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  sentJson(fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST').at(-1)![1]);

async function choosePool(name: string) {
  await waitFor(() => expect(fetchedPools()).toBe(true));
  fireEvent.click(input(/^Talent pool/));
  fireEvent.click(await screen.findByRole('option', { name }));
}
let fetchMockRef: ReturnType<typeof stubFetch>;
const fetchedPools = () => fetchMockRef.mock.calls.some(([url]) => url === '/api/talent-pools');

async function fillStepOne() {
  fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
  await choosePool('Frontend (40)');
}

describe('campaign wizard', () => {
  it('opens at Basic Info, reads pools and prefetches templates; Next needs type, name and pool', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    for (const label of ['Basic Info', 'Content', 'Launch']) expect(within(wizard()).getByText(label)).toBeTruthy();
    await waitFor(() => {
      const urls = fetchMockRef.mock.calls.map(([url]) => url);
      expect(urls).toEqual(expect.arrayContaining(['/api/talent-pools', '/api/ai-templates']));
    });
    expect(button('Next').disabled).toBe(true);
    for (const type of ['Nurture Campaign', 'Job Announcement', 'Follow-up Campaign', 'Event Invitation']) {
      expect(within(wizard()).getByText(type)).toBeTruthy();
    }

    fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
    expect(input(/^Campaign name/).value).toBe(`Nurture Campaign - ${dayjs().format('MMM D')}`);
    expect(button('Next').disabled).toBe(true);
    await choosePool('Frontend (40)');
    expect(button('Next').disabled).toBe(false);
  });

  it('shows the spec validation texts', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    fireEvent.click(within(wizard()).getByTestId('campaign-type-event'));
    fireEvent.change(input(/^Campaign name/), { target: { value: '' } });
    fireEvent.blur(input(/^Campaign name/));
    expect(await within(wizard()).findByText('Campaign name is required')).toBeTruthy();
    fireEvent.blur(input(/^Talent pool/));
    expect(await within(wizard()).findByText('Talent pool is required')).toBeTruthy();
  });

  it('step 2: Dutch by default, a template card generates subject and content', async () => {
    let answer!: (response: Response) => void;
    fetchMockRef = stubApi({ 'POST /api/ai-content/generate': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.click(button('Next'));

    expect(within(wizard()).getByLabelText<HTMLInputElement>('Dutch').checked).toBe(true);
    expect(input(/^Email subject/).value).toBe('Nieuwe kansen in {{industry}}');
    expect((input(/^Email content/) as unknown as HTMLTextAreaElement).rows).toBe(6);
    expect(button('Next').disabled).toBe(true);

    const card = await within(wizard()).findByTestId('template-card-nurture-checkin');
    fireEvent.click(card);
    await waitFor(() => expect(within(wizard()).getByTestId('template-cards').getAttribute('aria-busy')).toBe('true'));
    // Clicks are ignored while generating.
    fireEvent.click(within(wizard()).getByTestId('template-card-nurture-market'));
    const calls = () => fetchMockRef.mock.calls.filter(([url]) => url === '/api/ai-content/generate');
    expect(calls()).toHaveLength(1);
    expect(postBody(fetchMockRef, '/api/ai-content/generate')).toMatchObject({ templateId: 'nurture-checkin', language: 'dutch' });

    await actAsync(() => answer(jsonResponse(generated)));
    await waitFor(() => expect(input(/^Email content/).value).toBe('Hoi {{firstName}}, hoe gaat het?'));
    expect(input(/^Email subject/).value).toBe('Hoe gaat het, {{firstName}}?');
    expect(await screen.findByText('Content Generated')).toBeTruthy();
    expect(within(wizard()).getByTestId('template-cards').getAttribute('aria-busy')).toBe('false');
    expect(button('Next').disabled).toBe(false);
  });

  it('on a failed generation puts a draft in the content and says so', async () => {
    fetchMockRef = stubApi({ 'POST /api/ai-content/generate': () => jsonResponse(failure({ error: 'provider down', success: false }), 502) });
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.click(button('Next'));
    fireEvent.click(await within(wizard()).findByTestId('template-card-nurture-market'));
    expect(await screen.findByText('Content Generation Failed')).toBeTruthy();
    expect(screen.getByText('Please edit the draft content before sending your campaign.')).toBeTruthy();
    expect(input(/^Email content/).value).toContain('Hoi {{firstName}}');
  });

  it('launches with the campaign payload, toasts, closes and starts again at step 1', async () => {
    fetchMockRef = stubApi({ 'POST /api/campaigns': () => jsonResponse(createdCampaign(9), 201) });
    const { client } = await renderPage('/app', <GlobalPanels />, { user: recruiter });
    client.setQueryData(['/api/campaigns'], campaignList([]));
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.change(input(/^Campaign name/), { target: { value: 'Spring check-in' } });
    fireEvent.click(button('Next'));
    fireEvent.change(input(/^Email subject/), { target: { value: 'Hoe gaat het?' } });
    fireEvent.change(input(/^Email content/), { target: { value: 'Hoi {{firstName}}!' } });
    fireEvent.click(button('Next'));

    // Nurture defaults to tomorrow morning.
    expect(within(wizard()).getByLabelText<HTMLInputElement>('Tomorrow morning (9:00 AM)').checked).toBe(true);
    expect(within(wizard()).queryByRole('button', { name: 'Next' })).toBeNull();
    const campaignPosts = () => fetchMockRef.mock.calls.filter(([url, init]) => url === '/api/campaigns' && init?.method === 'POST');
    expect(campaignPosts()).toHaveLength(0);
    fireEvent.click(button('Launch campaign'));

    expect(await screen.findByText('Campaign Created Successfully!')).toBeTruthy();
    expect(screen.getByText('Your campaign has been scheduled and will be sent automatically.')).toBeTruthy();
    const body = postBody(fetchMockRef, '/api/campaigns');
    const tomorrow9 = dayjs().add(1, 'day').hour(9).minute(0).second(0).millisecond(0);
    expect(body).toEqual({
      name: 'Spring check-in', campaignType: 'nurture', talentPoolId: 1, emailSubject: 'Hoe gaat het?',
      emailContent: 'Hoi {{firstName}}!', messageTemplate: 'Hoi {{firstName}}!', scheduledAt: tomorrow9.toISOString(), language: 'dutch',
    });
    expect(campaignPosts()).toHaveLength(1);
    expect(getDrawerState().campaign.open).toBe(false);
    // The recruiter lands on the new campaign's page.
    await waitFor(() => expect(window.location.pathname).toBe('/app/communications/campaigns/9'));
    await waitFor(() => expect(client.getQueryState(['/api/campaigns'])?.isInvalidated).toBe(true));

    act(() => openPanel('campaign'));
    expect(button('Next')).toBeTruthy();
    expect(input(/^Campaign name/).value).toBe('');
  });

  it('custom time: the chosen datetime; Previous goes back a step', async () => {
    fetchMockRef = stubApi({ 'POST /api/campaigns': () => jsonResponse(createdCampaign(9), 201) });
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.click(button('Next'));
    fireEvent.change(input(/^Email subject/), { target: { value: 'Nieuwe kansen in fintech' } });
    fireEvent.change(input(/^Email content/), { target: { value: 'Body' } });
    fireEvent.click(button('Previous'));
    expect(input(/^Campaign name/)).toBeTruthy();
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    fireEvent.click(within(wizard()).getByLabelText('Custom time'));
    fireEvent.change(input(/^Send at/), { target: { value: '2030-05-01T10:30' } });
    fireEvent.click(button('Launch campaign'));
    await screen.findByText('Campaign Created Successfully!');
    expect(postBody(fetchMockRef, '/api/campaigns').scheduledAt).toBe(new Date(2030, 4, 1, 10, 30).toISOString());
  });

  it('"Error Creating Campaign" on failure, with the server\'s reason in the wizard', async () => {
    const refusal = 'Create a meeting type under Meeting booking before using {{bookingLink}}';
    fetchMockRef = stubApi({
      'POST /api/campaigns': () => jsonResponse(failure({ error: refusal, field: 'emailContent' }), 422),
    });
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.click(button('Next'));
    fireEvent.change(input(/^Email content/), { target: { value: 'Book a time: {{bookingLink}}' } });
    // The default subject's {{industry}} keeps Next disabled until it is filled (issue 12).
    expect(within(wizard()).getByTestId('placeholders-to-fill').textContent).toContain('{{industry}}');
    expect(button('Next').disabled).toBe(true);
    fireEvent.change(input(/^Email subject/), { target: { value: 'Nieuwe kansen in fintech' } });
    fireEvent.click(button('Next'));
    fireEvent.click(button('Launch campaign'));
    expect(await screen.findByText('Error Creating Campaign')).toBeTruthy();
    expect(screen.getByText('Please try again or contact support if the issue persists.')).toBeTruthy();
    expect(within(wizard()).getByTestId('launch-error').textContent).toContain(refusal);
    expect(getDrawerState().campaign.open).toBe(true);
  });

  it('opens prefilled from the Advanced Editor values', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openCampaignWizard({ talentPoolId: 2, emailSubject: 'Hello & welcome', emailContent: 'Prefilled body', language: 'english', templateId: 'nurture-market' }));
    await waitFor(() => expect(input(/^Talent pool/).value).toBe('Data (40)'));
    fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
    fireEvent.click(button('Next'));
    expect(input(/^Email subject/).value).toBe('Hello & welcome');
    expect(input(/^Email content/).value).toBe('Prefilled body');
    expect(within(wizard()).getByLabelText<HTMLInputElement>('English').checked).toBe(true);
    expect((await within(wizard()).findByTestId('template-card-nurture-market')).getAttribute('aria-pressed')).toBe('true');
  });

  it('focus: on the first campaign type at opening, on each step\'s first field after Next and Previous', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    const typeCard = (type: string) => within(wizard()).getByTestId(`campaign-type-${type}`);
    await waitFor(() => expect(document.activeElement).toBe(typeCard('nurture')));
    fireEvent.click(typeCard('event'));
    await choosePool('Frontend (40)');
    fireEvent.click(button('Next'));
    // The language: its chosen option, as Tab reaches a group of radios.
    expect(document.activeElement).toBe(within(wizard()).getByLabelText('Dutch'));
    fireEvent.change(input(/^Email subject/), { target: { value: 'Meetup bij Acme' } });
    fireEvent.change(input(/^Email content/), { target: { value: 'Hoi {{firstName}}!' } });
    fireEvent.click(button('Next'));
    expect(document.activeElement).toBe(within(wizard()).getByLabelText('Tomorrow morning (9:00 AM)'));
    fireEvent.click(button('Previous'));
    expect(document.activeElement).toBe(within(wizard()).getByLabelText('Dutch'));
    fireEvent.click(button('Previous'));
    expect(document.activeElement).toBe(typeCard('event'));
  });

  it('the filled-in name is selected when focus reaches it, so typing replaces it; a name of one\'s own is not', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
    const name = input(/^Campaign name/);
    act(() => name.focus());
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, `Nurture Campaign - ${dayjs().format('MMM D')}`.length]);
    fireEvent.change(name, { target: { value: 'Backend autumn nurture' } });
    act(() => { name.blur(); name.focus(); });
    expect(name.selectionStart).toBe(name.value.length);
  });

  it('Launch: the count says when it goes, as the summary does; times on the interface\'s clock', async () => {
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    await fillStepOne();
    fireEvent.click(button('Next'));
    fireEvent.change(input(/^Email subject/), { target: { value: 'Hoe gaat het?' } });
    fireEvent.change(input(/^Email content/), { target: { value: 'Hoi {{firstName}}!' } });
    fireEvent.click(button('Next'));
    const reach = await within(wizard()).findByTestId('campaign-reach');
    const sends = () => within(wizard()).getByText('Sends').nextElementSibling?.textContent;
    const tomorrow9 = dayjs().add(1, 'day').hour(9).minute(0);
    expect(within(reach).getByText('40 candidates will receive it tomorrow at 9:00 AM')).toBeTruthy();
    expect(sends()).toBe(tomorrow9.format('MMM D, YYYY [at] h:mm A'));
    expect(within(wizard()).getByLabelText('Send between 9:00 AM and 11:00 AM')).toBeTruthy();

    fireEvent.click(within(wizard()).getByLabelText('Send now'));
    expect(within(reach).getByText('40 candidates will receive it now')).toBeTruthy();
    expect(sends()).toBe('Now');
    fireEvent.click(within(wizard()).getByLabelText('Custom time'));
    fireEvent.change(input(/^Send at/), { target: { value: '2030-05-01T10:30' } });
    expect(within(reach).getByText('40 candidates will receive it on May 1, 2030 at 10:30 AM')).toBeTruthy();
    expect(sends()).toBe('May 1, 2030 at 10:30 AM');
  });

  it('Launch in Dutch: the same, on the 24-hour clock', async () => {
    await setInterfaceLanguage('nl');
    fetchMockRef = stubApi();
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    const dialog = () => screen.getByRole('dialog', { name: 'Campagne maken' });
    fireEvent.click(within(dialog()).getByTestId('campaign-type-nurture'));
    await waitFor(() => expect(fetchedPools()).toBe(true));
    fireEvent.click(within(dialog()).getByLabelText(/^Talentpool/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Frontend (40)' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Volgende' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Onderwerp van de e-mail/, { selector: 'input' }), { target: { value: 'Hoe gaat het?' } });
    fireEvent.change(within(dialog()).getByLabelText(/^Inhoud van de e-mail/, { selector: 'textarea' }), { target: { value: 'Hoi {{firstName}}!' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Volgende' }));
    const reach = await within(dialog()).findByTestId('campaign-reach');
    expect(within(reach).getByText('40 kandidaten ontvangen hem morgen om 09:00')).toBeTruthy();
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Morgenochtend (09:00)').checked).toBe(true);
    expect(within(dialog()).getByLabelText('Versturen tussen 09:00 en 11:00')).toBeTruthy();
  });
});
