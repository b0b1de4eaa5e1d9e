// @vitest-environment jsdom
// /app/communications: threads, filters, a thread, campaigns, the dev outbox
// and the query parameters that open dialogs.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState } from '#app/drawers/drawerStore.ts';
import { CommunicationsPage } from '#app/pages/CommunicationsPage.tsx';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { renderPage } from './renderInRouter.tsx';
import { admin, currentUrl, jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import {
  aiTemplateList, campaignDetail, campaignList, campaignSummary, candidateList, message, outboxEmail, outboxEmailSummary, outboxList, pool, poolList,
  reply, storedOutboxReply, thread, threadList, threadRead, threadSummary,
} from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const threads = [
  threadSummary({
    threadId: 40, subject: 'Coffee next week?', messageCount: 2, unreadCount: 1, sentiment: 'positive', candidate: { id: 7, name: 'Anna de Vries' },
    lastMessage: { id: 41, content: 'Sounds great, Tuesday works.', direction: 'in', status: 'received', channel: 'email', createdAt: '2026-03-06T10:00:00.000Z' },
  }),
  threadSummary({
    threadId: 30, subject: 'New role at Acme', candidate: { id: 8, name: 'Bram Jansen' },
    lastMessage: { id: 30, content: 'Hi Bram, a new role...', direction: 'out', status: 'sent', channel: 'email', createdAt: '2026-03-05T09:00:00.000Z' },
  }),
];
const reply41 = reply(41, { subject: 'Re: Coffee next week?', content: 'Sounds great, Tuesday works.', sentiment: 'positive',
  createdAt: '2026-03-06T10:00:00.000Z', threadId: 40, originalMessageId: 40 });
const thread40 = thread([message(40, { subject: 'Coffee next week?', content: 'Hi Anna, coffee?', threadId: 40 }), reply41]);
const sentCampaign = { status: 'sent', recipients: 40, sent: 33, skipped: 7, startedAt: '2026-03-05T09:00:01.000Z', completedAt: '2026-03-05T09:01:00.000Z' } as const;
const campaigns = [campaignSummary(5, sentCampaign)];
const outbox = outboxList([outboxEmailSummary(3)]);
const outboxMail = outboxEmail(3);

function stubApi(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/messages': threadList(threads),
    'GET /api/messages/40/thread': thread40,
    'POST /api/messages/41/read': threadRead(40),
    'GET /api/campaigns': campaignList(campaigns),
    'GET /api/campaigns/5': campaignDetail(5, { ...sentCampaign, progress: {
      recipients: 40, pending: 0, sent: 33, skipped: 7, failed: 0, cancelled: 0, percent: 100,
      skipReasons: [{ reason: 'Candidate has not consented to email', count: 5 }, { reason: 'No email address on file', count: 2 }], eligibleNow: 33,
    } }),
    'GET /api/outbox': outbox,
    'GET /api/outbox/3': outboxMail,
    'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
    'GET /api/candidates': candidateList([]),
    'GET /api/ai-templates': aiTemplateList([]),
    ...extra,
  });
}

const page = () => <><CommunicationsPage /><GlobalPanels /></>;

describe('communications page: threads', () => {
  it('lists threads newest first with candidate, subject, last message, sentiment and unread state', async () => {
    stubApi();
    await renderPage('/app/communications', page(), { user: recruiter });
    expect(screen.getByRole('heading', { level: 1, name: 'Communications' })).toBeTruthy();
    const list = await screen.findByTestId('thread-list');
    const rows = within(list).getAllByTestId(/^thread-row-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['thread-row-40', 'thread-row-30']);
    expect(within(rows[0]).getByText('Anna de Vries')).toBeTruthy();
    expect(within(rows[0]).getByText('Coffee next week?')).toBeTruthy();
    expect(within(rows[0]).getByText('Sounds great, Tuesday works.')).toBeTruthy();
    expect(within(rows[0]).getByTestId('sentiment-badge').textContent).toBe('Positive');
    expect(rows[0].dataset.unread).toBe('true');
    expect(within(rows[0]).getByTestId('unread-badge').textContent).toBe('1 unread');
    expect(rows[1].dataset.unread).toBe('false');
  });

  it('filters by sentiment and by candidate (within the view it opens on, "Needs reply")', async () => {
    const fetchMock = stubApi();
    await renderPage('/app/communications', page(), { user: recruiter });
    await screen.findByTestId('thread-list');
    fireEvent.click(screen.getByLabelText('Sentiment', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Negative' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/messages?view=needs-reply&sentiment=negative'));
    fireEvent.click(screen.getByLabelText('Candidate', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bram Jansen' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/messages?view=needs-reply&sentiment=negative&candidateId=8'));
  });

  it('opens a thread with all its messages, marks it read, and Reply opens the reply drawer', async () => {
    const fetchMock = stubApi({ 'GET /api/messages/41': reply41 });
    await renderPage('/app/communications', page(), { user: recruiter });
    fireEvent.click(await screen.findByTestId('thread-row-40'));
    const view = await screen.findByTestId('thread-view');
    expect(within(view).getByText('Hi Anna, coffee?')).toBeTruthy();
    // The tab names the open thread first.
    await waitFor(() => expect(document.title).toBe('Coffee next week? · Communications · Talentloop'));
    expect(within(view).getAllByText('Sounds great, Tuesday works.')).toHaveLength(1);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/messages/41/read' && init?.method === 'POST')).toBe(true));
    fireEvent.click(within(view).getByRole('button', { name: 'Reply' }));
    expect(getDrawerState().reply).toEqual({ open: true, messageId: 41 });
    expect(await screen.findByRole('dialog', { name: 'Reply to Message' })).toBeTruthy();
  });

  it('"Compose message" and "New campaign" open their dialogs', async () => {
    stubApi();
    await renderPage('/app/communications', page(), { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Compose message' }));
    expect(getDrawerState().compose.open).toBe(true);
    act(() => closeAllPanels());
    fireEvent.click(screen.getByRole('button', { name: 'New campaign' }));
    expect(getDrawerState().campaign.open).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Create campaign' })).toBeTruthy();
  });
});

describe('communications page: campaigns and outbox', () => {
  it('lists campaigns with progress, each name a link to the campaign\'s own page', async () => {
    stubApi();
    await renderPage('/app/communications?tab=campaigns', page(), { user: recruiter });
    const row = await screen.findByTestId('campaign-row-5');
    expect(within(row).getByTestId('campaign-counts').textContent).toBe('40 recipients · 33 sent · 7 skipped · 0 failed');
    expect(within(row).getByTestId('campaign-status').textContent).toBe('sent');
    const link = within(row).getByRole('link', { name: campaigns[0].name });
    expect(link.getAttribute('href')).toBe('/app/communications/campaigns/5');
    expect(screen.queryByTestId('campaign-detail')).toBeNull();
  });

  it('the dev outbox: open a mail, read headers and body, reply as the candidate', async () => {
    const fetchMock = stubApi({
      'POST /api/outbox/3/reply': () => jsonResponse(storedOutboxReply(reply(99, { content: 'Yes please!', threadId: 40, originalMessageId: 40 })), 201),
    });
    await renderPage('/app/communications', page(), { user: recruiter });
    fireEvent.click(await screen.findByRole('tab', { name: 'Dev outbox' }));
    const row = await screen.findByTestId('outbox-row-3');
    fireEvent.click(within(row).getByRole('button', { name: 'Coffee next week?' }));
    const mail = await screen.findByTestId('outbox-mail');
    expect(within(mail).getByText('<m40@talentloop.test>')).toBeTruthy();
    expect(within(mail).getByTestId('outbox-body').textContent).toBe('Hi Anna, coffee?');

    fireEvent.click(within(mail).getByRole('button', { name: 'Send as candidate' }));
    expect(await within(mail).findByText('Reply content is required')).toBeTruthy();
    fireEvent.change(within(mail).getByLabelText("Candidate's reply"), { target: { value: 'Yes please!' } });
    fireEvent.click(within(mail).getByRole('button', { name: 'Send as candidate' }));
    expect(await screen.findByText('Reply received')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/outbox/3/reply')!;
    expect(sentJson(call[1])).toEqual({ content: 'Yes please!' });
  });
});

describe('communications page: the dev outbox is set-up', () => {
  it('a recruiter does not see it once mail goes out through a real service, even asked for by URL', async () => {
    stubApi({ 'GET /api/outbox': outboxList([], 'smtp') });
    await renderPage('/app/communications?tab=outbox', page(), { user: recruiter });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Messages', 'Campaigns']);
  });

  it('an admin sees it whatever the transport', async () => {
    const fetchMock = stubApi({ 'GET /api/outbox': outboxList([], 'smtp') });
    await renderPage('/app/communications', page(), { user: admin });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Messages', 'Campaigns', 'Dev outbox']);
    // Nothing to ask for an admin before the tab is opened.
    expect(fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/outbox'))).toHaveLength(0);
  });
});

describe('communications page: query parameters', () => {
  it('?action=compose opens the compose dialog and leaves the URL clean', async () => {
    stubApi();
    await renderPage('/app/communications?action=compose&candidateId=7&candidateName=Anna', page(), { user: recruiter });
    await waitFor(() => expect(getDrawerState().compose).toMatchObject({ open: true, candidateId: 7, candidateName: 'Anna' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications'));
  });

  it('?action=create-campaign opens the wizard with the Advanced Editor values', async () => {
    stubApi();
    await renderPage('/app/communications?talentPoolId=1&channel=email&subject=Hi%20%26%20hello&content=Body%20text&template=manual&language=english&action=create-campaign',
      page(), { user: recruiter });
    const wizard = await screen.findByRole('dialog', { name: 'Create campaign' });
    await waitFor(() => expect(within(wizard).getByLabelText<HTMLInputElement>(/^Talent pool/, { selector: 'input' }).value).toBe('Frontend (40)'));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications'));
    fireEvent.click(within(wizard).getByTestId('campaign-type-announcement'));
    fireEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(within(wizard).getByLabelText<HTMLInputElement>(/^Email subject/, { selector: 'input' }).value).toBe('Hi & hello');
    expect(within(wizard).getByLabelText<HTMLTextAreaElement>(/^Email content/, { selector: 'textarea' }).value).toBe('Body text');
  });

  it('?template={templateId} opens the wizard with that template chosen', async () => {
    stubApi();
    await renderPage('/app/communications?template=nurture-market', page(), { user: recruiter });
    expect(await screen.findByRole('dialog', { name: 'Create campaign' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/app/communications'));
  });
});
