// @vitest-environment jsdom
// The Reply drawer (spec §2, §5, §7, §8).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { failure } from './answers.ts';
import { jsonResponse, recruiter, renderAt, sentJson, stubFetch } from './renderWithProviders.tsx';
import { campaignList, reply, sentMessage } from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const original = reply(41, {
  subject: 'Coffee next week?', content: 'Sounds great, Tuesday works for me.', sentiment: 'positive',
  createdAt: new Date(2026, 2, 5, 14, 7).toISOString(), candidate: { id: 7, name: 'Anna de Vries', email: 'anna@example.com' }, threadId: 40,
});
/** The reply as the API answers it (queued in the same thread). */
const sent = (id: number, subject: string) => sentMessage(id, { subject, threadId: 40, originalMessageId: 41 });

const drawer = () => screen.getByRole('dialog', { name: 'Reply to Message' });
const replyBox = () => within(drawer()).getByLabelText<HTMLTextAreaElement>(/^Your reply/, { selector: 'textarea' });

describe('reply drawer', () => {
  it('reads the message only while open, and shows subject, content, sentiment and date', async () => {
    const fetchMock = stubFetch({ 'GET /api/messages/41': original });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => openPanel('reply', { messageId: 41 }));
    expect(await within(drawer()).findByText('Coffee next week?')).toBeTruthy();
    expect(within(drawer()).getByText('Sounds great, Tuesday works for me.')).toBeTruthy();
    expect(within(drawer()).getByTestId('sentiment-badge').textContent).toBe('Positive');
    expect(within(drawer()).getByTestId('original-date').textContent).toContain('Mar 5, 2026 at 2:07 PM');
    expect(within(drawer()).getByTestId('reply-subject').textContent).toContain('Re: Coffee next week?');
    expect(replyBox().rows).toBe(8);
    expect(within(drawer()).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('does not read anything for an id of 0', () => {
    const fetchMock = stubFetch({});
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 0 }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires content ("Reply content is required")', async () => {
    const fetchMock = stubFetch({ 'GET /api/messages/41': original });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    await within(drawer()).findByText('Coffee next week?');
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await within(drawer()).findByText('Reply content is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends { subject "Re: …", content, channel email, originalMessageId }, toasts and closes', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/41': original,
      'POST /api/candidates/7/messages': () => jsonResponse(sent(42, 'Re: Coffee next week?'), 201),
    });
    const { client } = renderAt('/app', <GlobalPanels />, { user: recruiter });
    client.setQueryData(['/api/campaigns'], campaignList([]));
    act(() => openPanel('reply', { messageId: 41 }));
    await within(drawer()).findByText('Coffee next week?');
    fireEvent.change(replyBox(), { target: { value: 'Great, see you Tuesday!' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply Sent')).toBeTruthy();
    expect(screen.getByText('Your reply has been sent successfully.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/candidates/7/messages')!;
    expect(sentJson(call[1])).toEqual({
      subject: 'Re: Coffee next week?', content: 'Great, see you Tuesday!', channel: 'email', originalMessageId: 41,
    });
    expect(getDrawerState().reply.open).toBe(false);
    await waitFor(() => expect(client.getQueryState(['/api/campaigns'])?.isInvalidated).toBe(true));
  });

  it('keeps an existing "Re: " prefix', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/41': reply(41, { ...original, subject: 'Re: Coffee next week?' }),
      'POST /api/candidates/7/messages': () => jsonResponse(sent(43, 'Re: Coffee next week?'), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    await within(drawer()).findByTestId('original-subject');
    fireEvent.change(replyBox(), { target: { value: 'ok' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    await screen.findByText('Reply Sent');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/candidates/7/messages')!;
    expect(sentJson(call[1]).subject).toBe('Re: Coffee next week?');
  });

  it('shows "Error" with the server message on failure', async () => {
    stubFetch({
      'GET /api/messages/41': original,
      'POST /api/candidates/7/messages': () => jsonResponse(failure({ error: 'Candidate has not consented to email', field: 'channel' }), 422),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    await within(drawer()).findByText('Coffee next week?');
    fireEvent.change(replyBox(), { target: { value: 'hello' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Candidate has not consented to email')).toBeTruthy();
    expect(getDrawerState().reply.open).toBe(true);
  });

  it('Cancel closes the drawer', () => {
    stubFetch({ 'GET /api/messages/41': original });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Cancel' }));
    expect(getDrawerState().reply.open).toBe(false);
  });

  it('opens with focus on the reply, not on its close button', async () => {
    stubFetch({ 'GET /api/messages/41': original });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    await waitFor(() => expect(document.activeElement).toBe(replyBox()));
  });
});
