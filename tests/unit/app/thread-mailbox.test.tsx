// @vitest-environment jsdom
// Issue 28: each thread message says which recruiter's mailbox it went out from or came in to, in
// the interface's language; a message of the shared sender or the inbound route says nothing.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { ThreadView } from '#app/pages/communications/ThreadView.tsx';
import { recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';
import { message, reply, thread, threadRead } from './messagingFixtures.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setInterfaceLanguage('en'));
});

const sent = message(50, { threadId: 50, content: 'Hi Anna, coffee?', mailbox: 'anna.recruiter@talentloop.test' });
const answered = reply(51, { threadId: 50, originalMessageId: 50, content: 'Yes, Tuesday?', mailbox: 'anna.recruiter@talentloop.test' });
const shared = message(52, { threadId: 50, content: 'From the shared sender', mailbox: null });

function showThread() {
  stubFetch({ 'GET /api/messages/50/thread': thread([sent, answered, shared]), 'POST /api/messages/51/read': threadRead(50) });
  renderAt('/app/communications', <ThreadView threadId={50} />, { user: recruiter });
}

const mailboxLine = (id: number) => within(screen.getByTestId(`thread-message-${id}`)).queryByTestId('message-mailbox')?.textContent ?? null;

describe('the mailbox of a thread message', () => {
  it('says where a message went out from and came in to, and nothing for the shared sender', async () => {
    showThread();
    await screen.findByTestId('thread-message-50');
    expect(mailboxLine(50)).toBe('Sent from anna.recruiter@talentloop.test');
    expect(mailboxLine(51)).toBe('Received in anna.recruiter@talentloop.test');
    expect(mailboxLine(52)).toBeNull();
  });

  it('in Dutch', async () => {
    await act(() => setInterfaceLanguage('nl'));
    showThread();
    await screen.findByTestId('thread-message-50');
    expect(mailboxLine(50)).toBe('Verstuurd vanaf anna.recruiter@talentloop.test');
    expect(mailboxLine(51)).toBe('Ontvangen in anna.recruiter@talentloop.test');
  });
});
