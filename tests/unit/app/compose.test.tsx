// @vitest-environment jsdom
// The Compose Message dialog (spec §2, §4, §5, §7, §8).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState, openPanel, type ComposePayload } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { renderPage } from './renderInRouter.tsx';
import { actAsync, currentUrl, jsonResponse, recruiter, renderAt, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { answer, failure } from './answers.ts';
import { poolReachSchema, type PoolReach } from '#domain/talent-pools/schemas.ts';
import {
  aiTemplate, aiTemplateList, campaignList, candidate, candidateList, createdCampaign, generation, pool, poolList, sentMessage, threadList,
} from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const candidates = [
  ...Array.from({ length: 8 }, (_, i) => candidate(i + 1, { name: `Pool Person ${i + 1}`, email: `p${i + 1}@example.com` })),
  candidate(9, { name: 'No Consent', email: 'nc@example.com', allowsEmail: false }),
  candidate(15, { name: 'No Address', email: null, talentPoolId: 2, talentPoolIds: [2] }),
  candidate(45, { name: 'Neither', email: null, allowsEmail: false, talentPoolId: 2, talentPoolIds: [2] }),
  candidate(60, { name: 'Dutch Speaker', email: 'ds@example.com', language: 'dutch', talentPoolId: null, talentPoolIds: [] }),
];
const pools = [pool(1, 'Frontend', 9), pool(2, 'Hard to reach', 2)];
/** What GET /api/talent-pools/{id}/reach?names=true answers for these candidates (the server counts a pool's recipients). */
const REACH: Record<number, PoolReach> = {
  1: answer(poolReachSchema, {
    eligible: 8, byWhatsApp: 0, skipped: [{ reason: 'Candidate has not consented to email', count: 1 }],
    names: ['Pool Person 1', 'Pool Person 2', 'Pool Person 3', 'Pool Person 4', 'Pool Person 5'],
  }),
  2: answer(poolReachSchema, { eligible: 0, byWhatsApp: 0, skipped: [{ reason: 'No email address on file', count: 2 }], names: [] }),
};
const templates = [aiTemplate('nurture-checkin', 'Career Check-in'), aiTemplate('announcement-role', 'New Role Announcement')];

let fetchedLists = false;

function stubApi(extra: Record<string, unknown> = {}) {
  fetchedLists = false;
  let answered = 0;
  const list = (body: unknown) => () => {
    // Settles on the next tick, after React Query has stored the reply.
    if (++answered === 3) setTimeout(() => { fetchedLists = true; }, 20);
    return jsonResponse(body);
  };
  return stubFetch({
    'GET /api/candidates': list(candidateList(candidates)),
    'GET /api/talent-pools': list(poolList(pools)),
    'GET /api/ai-templates': list(aiTemplateList(templates)),
    'GET /api/talent-pools/1/reach': () => jsonResponse(REACH[1]),
    'GET /api/talent-pools/2/reach': () => jsonResponse(REACH[2]),
    ...extra,
  });
}

function openCompose(payload: ComposePayload = {}) {
  act(() => openPanel('compose', payload));
}

const dialog = () => screen.getByRole('dialog', { name: 'Compose Message' });
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  sentJson(fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === 'POST')![1]);

/** A Mantine Select's input, found by its label. */
const selectInput = (label: string) => within(dialog()).getByLabelText<HTMLInputElement>(label, { selector: 'input:not([type=radio])' });

async function chooseOption(label: string, option: string) {
  // Wait for the list to load (the option text appears nowhere else), then pick from the dropdown.
  await waitFor(() => expect(fetchedLists).toBe(true));
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function fill(label: string, value: string) {
  fireEvent.change(within(dialog()).getByLabelText(label, { exact: false, selector: 'input, textarea' }), { target: { value } });
}

describe('compose dialog', () => {
  it('reads candidates, pools and templates only while open, and shows its title and description', async () => {
    const fetchMock = stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    expect(fetchMock).not.toHaveBeenCalled();
    openCompose();
    expect(dialog()).toBeTruthy();
    expect(screen.getByText('Send a message to a candidate or talent pool')).toBeTruthy();
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([url]) => requestUrl(url));
      expect(urls).toEqual(expect.arrayContaining(['/api/candidates?limit=10000', '/api/talent-pools', '/api/ai-templates']));
    });
    expect(within(dialog()).getByLabelText<HTMLTextAreaElement>(/^Message/, { selector: 'textarea' }).rows).toBe(8);
    expect(within(dialog()).getByLabelText<HTMLTextAreaElement>('Prompt', { selector: 'textarea' }).rows).toBe(3);
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Allow WhatsApp replies').checked).toBe(true);
    expect(within(dialog()).getByLabelText<HTMLInputElement>('English').checked).toBe(true);
  });

  it('locks the recipient when a candidate is preset and lists why they cannot be emailed', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 45, candidateName: 'Neither' });
    const box = await screen.findByTestId('cannot-send-email');
    expect(within(box).getByText('Cannot Send Email')).toBeTruthy();
    expect(within(box).getByText('No email address on file')).toBeTruthy();
    expect(within(box).getByText('Candidate has not consented to email')).toBeTruthy();
    expect(selectInput('Candidate').hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Talent pool', { selector: 'input[type=radio]' }).disabled).toBe(true);
  });

  it('previews a pool: 5 names then "+ N more"; an amber warning when nobody is eligible', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ talentPoolId: 1 });
    const preview = await screen.findByTestId('pool-preview');
    expect(within(preview).getByText('8 recipients')).toBeTruthy();
    expect(within(preview).getAllByText(/^Pool Person/)).toHaveLength(5);
    expect(within(preview).getByText('+ 3 more')).toBeTruthy();
    expect(within(preview).queryByText('No Consent')).toBeNull();
    expect(selectInput('Talent pool').hasAttribute('disabled')).toBe(true);

    act(() => { closeAllPanels(); });
    openCompose({ talentPoolId: 2 });
    expect(await screen.findByTestId('pool-no-recipients')).toBeTruthy();
  });

  it('counts a pool as the server does: a member on the suppression list is not a recipient, though the list shows them emailable', async () => {
    // Pool Person 3's address bounced hard: the candidate list (what the browser sees) still says allowsEmail, the reach does not count them.
    const reach = answer(poolReachSchema, {
      eligible: 7, byWhatsApp: 0,
      skipped: [{ reason: 'Candidate has not consented to email', count: 1 }, { reason: 'Email address is on the suppression list', count: 1 }],
      names: ['Pool Person 1', 'Pool Person 2', 'Pool Person 4', 'Pool Person 5', 'Pool Person 6'],
    });
    const fetchMock = stubApi({ 'GET /api/talent-pools/1/reach': () => jsonResponse(reach) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ talentPoolId: 1 });
    const preview = await screen.findByTestId('pool-preview');
    expect(within(preview).getByText('7 recipients')).toBeTruthy();
    expect(within(preview).getByText('+ 2 more')).toBeTruthy();
    expect(within(preview).queryByText('Pool Person 3')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).toContain('/api/talent-pools/1/reach?names=true');
  });

  it('shows the spec validation texts', async () => {
    const fetchMock = stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 1 });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Subject is required for email messages')).toBeTruthy();
    expect(screen.getByText('Message content is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('needs a recipient: candidate or pool', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose();
    fill('Subject', 'Hello');
    fill('Message', 'Body');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Missing Recipient')).toBeTruthy();
    expect(screen.getByText('Please select a candidate to message.')).toBeTruthy();

    fireEvent.click(within(dialog()).getByLabelText('Talent pool', { selector: 'input[type=radio]' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please select a talent pool.')).toBeTruthy();
  });

  it('blocks a candidate without email consent ("Email Not Allowed") without calling the API', async () => {
    const fetchMock = stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 9, candidateName: 'No Consent' });
    await screen.findByTestId('cannot-send-email');
    fill('Subject', 'Hello');
    fill('Message', 'Body');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Email Not Allowed')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('"No Email Address" for a candidate without an address', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 15 });
    await screen.findByTestId('cannot-send-email');
    fill('Subject', 'Hello');
    fill('Message', 'Body');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('No Email Address')).toBeTruthy();
  });

  it('sends to one candidate, toasts, closes and refreshes messages and campaigns', async () => {
    const fetchMock = stubApi({ 'POST /api/candidates/2/messages': () => jsonResponse(sentMessage(77, { candidate: { id: 2, name: 'Pool Person 2', email: 'p2@example.com' } }), 201) });
    const { client } = renderAt('/app', <GlobalPanels />, { user: recruiter });
    client.setQueryData(['/api/messages'], threadList([]));
    client.setQueryData(['/api/campaigns'], campaignList([]));
    openCompose();
    await chooseOption('Candidate', 'Pool Person 2 (p2@example.com)');
    fill('Subject', 'Coffee?');
    fill('Message', 'Hi there');
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Allow WhatsApp replies' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(screen.getByText('Your message has been sent successfully.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/candidates/2/messages')).toEqual({
      content: 'Hi there', platform: 'email', channel: 'email', subject: 'Coffee?', allowWhatsAppReplies: false,
    });
    expect(getDrawerState().compose.open).toBe(false);
    await waitFor(() => {
      expect(client.getQueryState(['/api/messages'])?.isInvalidated).toBe(true);
      expect(client.getQueryState(['/api/campaigns'])?.isInvalidated).toBe(true);
    });
  });

  it('sends to a pool as a "Quick Message" campaign', async () => {
    const fetchMock = stubApi({ 'POST /api/campaigns': () => jsonResponse(createdCampaign(3), 201) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ talentPoolId: 1 });
    await screen.findByTestId('pool-preview');
    fill('Subject', 'News');
    fill('Message', 'Hi {{firstName}}');
    const before = Date.now();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your campaign has been created and will be sent shortly.')).toBeTruthy();
    const body = bodyOf(fetchMock, '/api/campaigns');
    expect(body).toMatchObject({
      messageTemplate: 'Hi {{firstName}}', talentPoolId: 1, channels: ['email'], primaryChannel: 'email',
      emailSubject: 'News', emailContent: 'Hi {{firstName}}',
    });
    expect(body.name).toMatch(/^Quick Message [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(Math.abs(Date.parse(body.scheduledAt) - before)).toBeLessThan(5000);
  });

  it('shows the server error, or "Failed to send message"', async () => {
    stubApi({ 'POST /api/candidates/1/messages': () => jsonResponse(failure({ error: 'Candidate has not consented to email', field: 'channel' }), 422) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 1 });
    fill('Subject', 'S');
    fill('Message', 'C');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Candidate has not consented to email')).toBeTruthy();
    expect(getDrawerState().compose.open).toBe(true);
  });

  it('resets the form each time it opens', () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ subject: 'Preset subject' });
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Subject', { exact: false, selector: 'input' }).value).toBe('Preset subject');
    fill('Subject', 'Typed');
    act(() => { closeAllPanels(); });
    openCompose();
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Subject', { exact: false, selector: 'input' }).value).toBe('');
  });
});

describe('compose AI drafting', () => {
  it('"Missing Information" with the manual template or no prompt, saying which is missing and going to it', async () => {
    const fetchMock = stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 1 });
    const generate = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    generate();
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please select an AI template and enter a prompt.')).toBeTruthy();
    act(() => notifications.clean());

    // A prompt beside "Manual": the template field says to choose one, and Generate takes the recruiter there.
    fireEvent.change(within(dialog()).getByLabelText('Prompt'), { target: { value: 'Coffee next week about SDR roles' } });
    expect(within(dialog()).getByText('Choose a template to turn your prompt into a draft.')).toBeTruthy();
    generate();
    expect(await screen.findByText('Choose an AI template to draft from your prompt: "Manual" means you write the message yourself.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog()).getByTestId('compose-template-select'));
    act(() => notifications.clean());

    await chooseOption('AI template', 'Career Check-in');
    expect(within(dialog()).queryByText('Choose a template to turn your prompt into a draft.')).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText('Prompt'), { target: { value: ' ' } });
    generate();
    expect(await screen.findByText('Write a prompt: what should the message say?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('Prompt'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/ai-content/generate')).toBe(false);
  });

  it('shows the robot placeholder and "AI Generating..." while drafting, then the content and "Content Generated"', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubApi({ 'POST /api/ai-content/generate': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 3 });
    await chooseOption('AI template', 'Career Check-in');
    fill('Prompt', 'Ask about a coffee');
    fireEvent.click(within(dialog()).getByLabelText('Dutch'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));

    const message = within(dialog()).getByLabelText<HTMLTextAreaElement>(/^Message/, { selector: 'textarea' });
    await waitFor(() => expect(message.value).toBe('🤖 AI is generating content...'));
    const sending = within(dialog()).getByRole('button', { name: 'AI Generating...' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).queryByRole('button', { name: 'Regenerate' })).toBeNull();

    const body = bodyOf(fetchMock, '/api/ai-content/generate');
    expect(body).toMatchObject({ templateId: 'nurture-checkin', prompt: 'Ask about a coffee', language: 'dutch', channel: 'email' });
    expect(body.candidateData).toMatchObject({ id: 3, name: 'Pool Person 3' });
    expect(typeof body.additionalContext).toBe('string');

    await actAsync(() => answer(jsonResponse(generation({ content: 'Hoi Pool, koffie?', subject: 'Koffie?', templateName: 'Career Check-in' }))));
    await waitFor(() => expect(message.value).toBe('Hoi Pool, koffie?'));
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Subject', { exact: false, selector: 'input' }).value).toBe('Koffie?');
    expect(await screen.findByText('Content Generated')).toBeTruthy();
    expect(screen.getByText('AI content generated using the Career Check-in template.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(false);

    // Regenerate: the exact placeholder text after the marker.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(message.value).toBe('🤖 AI is regenerating content with fresh perspective...'));
    await actAsync(() => answer(jsonResponse(generation({ content: 'Nieuwe versie', subject: 'Koffie 2?', templateName: 'Career Check-in' }))));
    await waitFor(() => expect(message.value).toBe('Nieuwe versie'));
  });

  it('clears the content and says "Generation Failed" with the server message', async () => {
    stubApi({ 'POST /api/ai-content/generate': () => jsonResponse(failure({ error: 'The AI provider answered 500', success: false }), 502) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 1, content: 'old text' });
    await chooseOption('AI template', 'Career Check-in');
    fill('Prompt', 'x');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    expect(screen.getByText('The AI provider answered 500')).toBeTruthy();
    expect(within(dialog()).getByLabelText<HTMLTextAreaElement>(/^Message/, { selector: 'textarea' }).value).toBe('');
  });

  it('"Generation Timeout" after 60 s', async () => {
    const signals: AbortSignal[] = [];
    stubApi({
      'POST /api/ai-content/generate': (_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => {
        signals.push(init.signal!);
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 1 });
    await chooseOption('AI template', 'Career Check-in');
    fill('Prompt', 'x');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    await act(async () => { await Promise.resolve(); });
    await actAsync(() => vi.advanceTimersByTime(59_000));
    expect(signals[0]?.aborted).toBe(false);
    await actAsync(() => vi.advanceTimersByTime(1_000));
    expect(signals[0].aborted).toBe(true);
    vi.useRealTimers();
    expect(await screen.findByText('Generation Timeout')).toBeTruthy();
    expect(screen.getByText('AI generation is taking longer than usual. The content may have been generated - please try again to retrieve it.')).toBeTruthy();
  });
});

describe('the draft\'s language', () => {
  const languageChecked = (label: 'English' | 'Dutch') => within(dialog()).getByLabelText<HTMLInputElement>(label).checked;

  it('starts as the language of the one candidate written to, when known, and the AI drafts in it', async () => {
    const fetchMock = stubApi({ 'POST /api/ai-content/generate': () => jsonResponse(generation({ subject: 'Koffie?', content: 'Hoi!', templateName: 'Career Check-in' })) });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 60, candidateName: 'Dutch Speaker' });
    await waitFor(() => expect(languageChecked('Dutch')).toBe(true));
    await chooseOption('AI template', 'Career Check-in');
    fill('Prompt', 'Ask about a coffee');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(bodyOf(fetchMock, '/api/ai-content/generate')).toMatchObject({ language: 'dutch', candidateData: { id: 60 } }));
  });

  it('follows the candidate chosen, back to the spec\'s English for one whose language is not known or a pool; a choice of the recruiter stays', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose();
    expect(languageChecked('English')).toBe(true);
    await chooseOption('Candidate', 'Dutch Speaker (ds@example.com)');
    await waitFor(() => expect(languageChecked('Dutch')).toBe(true));
    await chooseOption('Candidate', 'Pool Person 2 (p2@example.com)');
    await waitFor(() => expect(languageChecked('English')).toBe(true));
    await chooseOption('Candidate', 'Dutch Speaker (ds@example.com)');
    await waitFor(() => expect(languageChecked('Dutch')).toBe(true));
    fireEvent.click(within(dialog()).getByLabelText('Talent pool', { selector: 'input[type=radio]' }));
    await waitFor(() => expect(languageChecked('English')).toBe(true));

    fireEvent.click(within(dialog()).getByLabelText('Dutch'));
    fireEvent.click(within(dialog()).getByLabelText('Individual', { selector: 'input[type=radio]' }));
    await chooseOption('Candidate', 'Pool Person 2 (p2@example.com)');
    expect(languageChecked('Dutch')).toBe(true);
  });
});

describe('Advanced Editor', () => {
  it('closes, goes to /app/communications with the values and toasts', async () => {
    stubApi();
    // In the router: the Advanced Editor navigates inside the app.
    await renderPage('/app', <GlobalPanels />, { user: recruiter });
    openCompose({ candidateId: 2, candidateName: 'Pool Person 2' });
    fill('Subject', 'Hi & hello');
    fill('Message', 'Line one\nLine two');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Advanced Editor' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications?candidateId=2&candidateName=Pool%20Person%202&channel=email'
      + '&subject=Hi%20%26%20hello&content=Line%20one%0ALine%20two&template=manual&language=english&action=create-campaign'));
    expect(getDrawerState().compose.open).toBe(false);
    expect(await screen.findByText('Opening Advanced Editor')).toBeTruthy();
  });

  it('opens with focus on who the message is for; with the candidate preset (locked), on the subject', async () => {
    stubApi();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    openCompose();
    await waitFor(() => expect(document.activeElement).toBe(selectInput('Candidate')));
    act(() => closeAllPanels());
    openCompose({ candidateId: 1, candidateName: 'Pool Person 1' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog()).getByLabelText(/^Subject/, { selector: 'input' })));
  });
});
