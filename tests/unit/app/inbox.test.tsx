// @vitest-environment jsdom
// The inbox (issue 11): Communications opens on "Needs reply"; "Mark done"
// clears a thread; "All" lists campaign sends nobody answered once per
// campaign, linking to the campaign; a link naming a candidate shows all of theirs.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignGroupListSchema, threadDoneSchema } from '#domain/messages/schemas.ts';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { CommunicationsPage } from '#app/pages/CommunicationsPage.tsx';
import { answer } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { currentUrl, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';
import { campaignList, message, reply, thread, threadList, threadRead, threadSummary } from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const waiting = threadSummary({
  threadId: 40, subject: 'Coffee next week?', messageCount: 2, unreadCount: 1, sentiment: 'positive', needsReply: true,
  candidate: { id: 7, name: 'Anna de Vries' },
  lastMessage: { id: 41, content: 'Sounds great, Tuesday works.', direction: 'in', status: 'received', channel: 'email', createdAt: '2026-03-06T10:00:00.000Z' },
});
const answered = threadSummary({
  threadId: 30, subject: 'New role at Acme', messageCount: 3, candidate: { id: 8, name: 'Bram Jansen' },
  lastMessage: { id: 33, content: 'Talk soon!', direction: 'out', status: 'sent', channel: 'email', createdAt: '2026-03-05T09:00:00.000Z' },
});
const thread40 = thread([
  message(40, { subject: 'Coffee next week?', content: 'Hi Anna, coffee?', threadId: 40 }),
  reply(41, { subject: 'Re: Coffee next week?', content: 'Sounds great, Tuesday works.', threadId: 40, originalMessageId: 40 }),
]);
const groups = answer(campaignGroupListSchema, { groups: [{ campaignId: 5, name: 'Spring roles', unanswered: 120, lastSentAt: '2026-03-04T08:00:00.000Z' }] });

/** The list answers per view, as the API does: "Needs reply" only the waiting thread. */
function stubInbox(options: { done?: boolean } = {}) {
  let done = options.done ?? false;
  return stubFetch({
    'GET /api/messages': (url: string) => jsonResponse(url.includes('view=needs-reply')
      ? threadList(done ? [] : [waiting]) : threadList([{ ...waiting, needsReply: !done }, answered])),
    'GET /api/messages/campaign-groups': groups,
    'GET /api/messages/40/thread': thread40,
    'POST /api/messages/41/read': threadRead(40),
    'POST /api/messages/40/done': () => { done = true; return jsonResponse(answer(threadDoneSchema, { success: true, threadId: 40 })); },
    'GET /api/campaigns': campaignList([]),
  });
}

const requested = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => url as string);

describe('the inbox', () => {
  it('opens on "Needs reply": the waiting threads with the candidate\'s words and sentiment, no campaign groups', async () => {
    const fetchMock = stubInbox();
    await renderPage('/app/communications', <CommunicationsPage />, { user: recruiter });
    const list = await screen.findByTestId('thread-list');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Needs reply' }).checked).toBe(true);
    expect(requested(fetchMock)).toContain('/api/messages?view=needs-reply');
    const rows = within(list).getAllByTestId(/^thread-row-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['thread-row-40']);
    expect(rows[0].dataset.needsReply).toBe('true');
    expect(within(rows[0]).getByTestId('needs-reply-badge').textContent).toBe('Needs reply');
    expect(within(rows[0]).getByText('Sounds great, Tuesday works.')).toBeTruthy();
    expect(within(rows[0]).getByTestId('sentiment-badge').textContent).toBe('Positive');
    expect(screen.queryByTestId('campaign-groups')).toBeNull();
    expect(requested(fetchMock)).not.toContain('/api/messages/campaign-groups');
  });

  it('says WhatsApp on a thread whose last message went that way, and nothing extra on an email one', async () => {
    const onWhatsApp = { ...waiting, lastMessage: { ...waiting.lastMessage, channel: 'whatsapp' as const } };
    stubFetch({
      'GET /api/messages': threadList([onWhatsApp, answered]),
      'GET /api/messages/campaign-groups': groups,
      'GET /api/campaigns': campaignList([]),
    });
    await renderPage('/app/communications', <CommunicationsPage />, { user: recruiter });
    const list = await screen.findByTestId('thread-list');
    await waitFor(() => expect(within(list).getAllByTestId(/^thread-row-/)).toHaveLength(2));
    expect(within(screen.getByTestId('thread-row-40')).getByTestId('message-channel').textContent).toBe('WhatsApp');
    expect(within(screen.getByTestId('thread-row-30')).queryByTestId('message-channel')).toBeNull();
  });

  it('"Mark done" clears the thread: it leaves the list', async () => {
    const fetchMock = stubInbox();
    await renderPage('/app/communications', <CommunicationsPage />, { user: recruiter });
    fireEvent.click(await screen.findByTestId('thread-row-40'));
    const view = await screen.findByTestId('thread-view');
    fireEvent.click(await within(view).findByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/messages/40/done' && init?.method === 'POST')).toBe(true));
    expect(await screen.findByText('No replies waiting for an answer.')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Mark done' })).toBeNull();
  });

  it('"All" lists every thread and each campaign\'s unanswered sends once, linking to the campaign', async () => {
    const fetchMock = stubInbox();
    await renderPage('/app/communications', <CommunicationsPage />, { user: recruiter });
    await screen.findByTestId('thread-list');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications?view=all'));
    const group = await screen.findByTestId('campaign-group-5');
    const link = within(group).getByRole('link', { name: 'Campaign Spring roles: 120 sent, no reply yet' });
    expect(link.getAttribute('href')).toBe('/app/communications/campaigns/5');
    await waitFor(() => expect(within(screen.getByTestId('thread-list')).getAllByTestId(/^thread-row-/)).toHaveLength(2));
    expect(requested(fetchMock)).toContain('/api/messages');
    // Back to "Needs reply": the default, so the URL drops the view.
    fireEvent.click(screen.getByRole('radio', { name: 'Needs reply' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications'));
  });

  it('a link naming a candidate shows all of their threads; choosing "Needs reply" keeps the candidate', async () => {
    const fetchMock = stubInbox();
    await renderPage('/app/communications?candidateId=8', <CommunicationsPage />, { user: recruiter });
    await screen.findByTestId('thread-list');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All' }).checked).toBe(true);
    expect(requested(fetchMock)).toContain('/api/messages?candidateId=8');
    // Grouped sends belong to the whole list, not to one candidate's.
    expect(screen.queryByTestId('campaign-groups')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Needs reply' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications?candidateId=8&view=needs-reply'));
    await waitFor(() => expect(requested(fetchMock)).toContain('/api/messages?view=needs-reply&candidateId=8'));
  });
});
