// @vitest-environment jsdom
// Issue 14 in the thread and the reply drawer: each message shows its channel, a WhatsApp message we
// sent shows its delivery status (a failure with its reason) and a template message its template; a
// reply goes back on WhatsApp when the candidate wrote there and it may be used, else by email.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { ThreadView } from '#app/pages/communications/ThreadView.tsx';
import { ThreadListItem } from '#app/pages/communications/ThreadListItem.tsx';
import { whatsappChannelSchema, whatsappStateSchema } from '#domain/whatsapp/schemas.ts';
import { answer } from './answers.ts';
import { jsonResponse, recruiter, renderAt, sentJson, stubFetch } from './renderWithProviders.tsx';
import { message, reply, sentMessage, thread, threadRead, threadSummary } from './messagingFixtures.ts';

afterEach(async () => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

const anna = { id: 7, name: 'Anna de Vries', email: 'anna@example.com' };
const emailOut = message(40, { candidate: anna, threadId: 40, subject: 'Coffee next week?', content: 'Hi Anna, coffee?' });
const whatsappIn = reply(41, {
  candidate: anna, threadId: 40, originalMessageId: 40, channel: 'whatsapp', subject: null, content: 'Graag! Dinsdag?', readAt: '2026-03-05T12:00:00.000Z',
});
const templateOut = message(42, {
  candidate: anna, threadId: 40, channel: 'whatsapp', subject: null, content: '',
  whatsappTemplate: { name: 'job_update', language: 'en', parameters: ['Anna', 'Senior developer'] },
  deliveryStatus: { status: 'read', at: '2026-03-06T09:30:00.000Z' },
});
const failedOut = message(43, {
  candidate: anna, threadId: 40, channel: 'whatsapp', subject: null, content: 'Nog interesse?', status: 'failed',
  error: '131047 Re-engagement message: more than 24 hours have passed', deliveryStatus: { status: 'failed', at: '2026-03-07T09:00:00.000Z' },
});

function channel(overrides: Partial<z.input<typeof whatsappChannelSchema>> = {}) {
  return answer(whatsappChannelSchema, {
    configured: true, allowed: true, number: '+31612345678', blockers: [],
    window: { open: true, closesAt: '2026-03-06T12:00:00.000Z', lastInboundAt: '2026-03-05T12:00:00.000Z' },
    mode: 'text', reason: null, templates: [{ name: 'job_update', language: 'en', parameters: 2 }], ...overrides,
  });
}

/** GET /api/whatsapp with Meta's text of the template (WHATSAPP_BUSINESS_ACCOUNT_ID set). */
const metaTemplates = answer(whatsappStateSchema, {
  configured: true, mode: 'WhatsApp Business Cloud API', summary: 'WhatsApp messages go out from this business number.', details: [], problems: [], reminderTemplate: null,
  templates: [{ name: 'job_update', language: 'en', parameters: 2, status: 'APPROVED', body: 'Hi {{1}}, a {{2}} role at Talentloop could suit you.' }],
});
const readByAnna = 'Hi Anna, a Senior developer role at Talentloop could suit you.';

describe('a thread with WhatsApp beside email', () => {
  it('shows each message\'s channel, the delivery status and the template', async () => {
    stubFetch({
      'GET /api/messages/40/thread': thread([emailOut, whatsappIn, templateOut, failedOut]),
      'POST /api/messages/43/read': threadRead(40),
      'POST /api/messages/41/read': threadRead(40),
    });
    renderAt('/app/communications', <ThreadView threadId={40} />, { user: recruiter });
    const email = await screen.findByTestId('thread-message-40');
    expect(within(email).getByTestId('message-channel').textContent).toBe('Email');
    expect(within(email).queryByTestId('delivery-status')).toBeNull();
    expect(within(screen.getByTestId('thread-message-41')).getByTestId('message-channel').textContent).toBe('WhatsApp');

    const template = screen.getByTestId('thread-message-42');
    expect(within(template).getByTestId('message-channel').textContent).toBe('WhatsApp');
    expect(within(template).getByTestId('message-template').textContent).toBe('Template: job_update (English): Anna · Senior developer');
    expect(within(template).getByTestId('delivery-status').textContent).toMatch(/^Read.*Mar 6, 2026/);
    // Without Meta's text (no GET /api/whatsapp here) the stored content stays: none for this one.
    expect(within(template).queryByTestId('message-content')).toBeNull();

    const failed = within(screen.getByTestId('thread-message-43')).getByTestId('delivery-status');
    expect(failed.getAttribute('data-status')).toBe('failed');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('131047 Re-engagement message: more than 24 hours have passed');
  });

  it('a template we sent reads as the candidate read it: Meta\'s text with the parameters sent', async () => {
    stubFetch({
      'GET /api/messages/40/thread': thread([emailOut, templateOut]),
      'GET /api/whatsapp': metaTemplates,
    });
    renderAt('/app/communications', <ThreadView threadId={40} />, { user: recruiter });
    const template = await screen.findByTestId('thread-message-42');
    expect((await within(template).findByTestId('message-content')).textContent).toBe(readByAnna);
    expect(within(template).getByTestId('message-template').textContent).toBe('Template: job_update (English): Anna · Senior developer');
    // An email keeps its own text.
    expect(within(screen.getByTestId('thread-message-40')).getByTestId('message-content').textContent).toBe('Hi Anna, coffee?');
  });

  /** The thread as the list has it: its last message is templateOut, stored with this text. */
  const storedText = '[WhatsApp template job_update (en)]: Anna · Senior developer';
  const templateThread = threadSummary({
    threadId: 40, candidate: { id: 7, name: 'Anna de Vries' },
    lastMessage: { id: 42, content: storedText, direction: 'out', status: 'sent', channel: 'whatsapp', createdAt: '2026-03-06T09:00:00.000Z',
      whatsappTemplate: templateOut.whatsappTemplate },
  });

  it('the thread list and the reply drawer show a sent template as the candidate read it too', async () => {
    stubFetch({ 'GET /api/whatsapp': metaTemplates, 'GET /api/messages/42': templateOut, 'GET /api/candidates/7/whatsapp': channel() });
    renderAt('/app/communications', <><ThreadListItem thread={templateThread} selected={false} onOpen={() => {}} /><GlobalPanels /></>, { user: recruiter });
    await waitFor(() => expect(screen.getByTestId('thread-snippet').textContent).toBe(`You: ${readByAnna}`));
    act(() => openPanel('reply', { messageId: 42 }));
    const original = await within(await screen.findByRole('dialog', { name: 'Reply to Message' })).findByTestId('original-content');
    await waitFor(() => expect(original.textContent).toBe(readByAnna));
  });

  it('without Meta\'s text the list keeps the stored text', async () => {
    const fetchMock = stubFetch({});
    renderAt('/app/communications', <ThreadListItem thread={templateThread} selected={false} onOpen={() => {}} />, { user: recruiter });
    // GET /api/whatsapp is asked (and here answers 404): the stored text stays.
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/whatsapp'));
    expect(screen.getByTestId('thread-snippet').textContent).toBe(`You: ${storedText}`);
  });

  it('in Dutch too: channel, delivery status and template', async () => {
    await setInterfaceLanguage('nl');
    stubFetch({ 'GET /api/messages/40/thread': thread([emailOut, templateOut]) });
    renderAt('/app/communications', <ThreadView threadId={40} />, { user: recruiter });
    const email = await screen.findByTestId('thread-message-40');
    expect(within(email).getByTestId('message-channel').textContent).toBe('E-mail');
    const template = screen.getByTestId('thread-message-42');
    expect(within(template).getByTestId('delivery-status').textContent).toMatch(/^Gelezen/);
    expect(within(template).getByTestId('message-template').textContent).toBe('Template: job_update (Engels): Anna · Senior developer');
  });
});

const drawer = () => screen.getByRole('dialog', { name: 'Reply to Message' });

describe('replying to a WhatsApp message', () => {
  it('goes back on WhatsApp inside the window: a text, no subject', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/41': whatsappIn,
      'GET /api/candidates/7/whatsapp': channel(),
      'POST /api/candidates/7/messages': () => jsonResponse(sentMessage(50, { channel: 'whatsapp', subject: null, threadId: 40, originalMessageId: 41 }), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    expect(await within(drawer()).findByText('Inside the 24-hour window: a free text message')).toBeTruthy();
    expect(within(drawer()).getByTestId('reply-channel').getAttribute('data-channel')).toBe('whatsapp');
    expect(within(drawer()).queryByTestId('reply-subject')).toBeNull();
    fireEvent.change(within(drawer()).getByLabelText(/^Your reply/, { selector: 'textarea' }), { target: { value: 'Dinsdag 10:00!' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply Sent')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sentJson(post[1])).toEqual({ content: 'Dinsdag 10:00!', channel: 'whatsapp', originalMessageId: 41 });
  });

  it('outside the window: an approved template', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/41': whatsappIn,
      'GET /api/candidates/7/whatsapp': channel({ window: { open: false, closesAt: '2026-03-06T12:00:00.000Z', lastInboundAt: '2026-03-05T12:00:00.000Z' }, mode: 'template' }),
      'POST /api/candidates/7/messages': () => jsonResponse(sentMessage(51, { channel: 'whatsapp', subject: null, content: '', threadId: 40 }), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    expect(await within(drawer()).findByText('Outside the 24-hour window: only an approved template')).toBeTruthy();
    fireEvent.click(within(drawer()).getByLabelText('WhatsApp template', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'job_update (English)' }));
    fireEvent.change(within(drawer()).getByLabelText('Parameter 1', { exact: false, selector: 'input' }), { target: { value: 'Anna' } });
    fireEvent.change(within(drawer()).getByLabelText('Parameter 2', { exact: false, selector: 'input' }), { target: { value: 'Senior developer' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply Sent')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sentJson(post[1])).toEqual({
      channel: 'whatsapp', originalMessageId: 41, whatsappTemplate: { name: 'job_update', language: 'en', parameters: ['Anna', 'Senior developer'] },
    });
  });

  it('by email when WhatsApp cannot be used now (consent withdrawn), and says so; the server takes the thread\'s subject', async () => {
    const fetchMock = stubFetch({
      'GET /api/messages/41': whatsappIn,
      'GET /api/candidates/7/whatsapp': channel({ allowed: false, mode: null, blockers: ['whatsapp_opted_out'], reason: 'Candidate opted out of WhatsApp' }),
      'POST /api/candidates/7/messages': () => jsonResponse(sentMessage(52, { threadId: 40 }), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('reply', { messageId: 41 }));
    expect(await within(drawer()).findByTestId('reply-email-instead')).toBeTruthy();
    expect(within(drawer()).getByTestId('reply-channel').getAttribute('data-channel')).toBe('email');
    fireEvent.change(within(drawer()).getByLabelText(/^Your reply/, { selector: 'textarea' }), { target: { value: 'Tuesday works' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply Sent')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sentJson(post[1])).toEqual({ content: 'Tuesday works', channel: 'email', originalMessageId: 41 });
  });
});
