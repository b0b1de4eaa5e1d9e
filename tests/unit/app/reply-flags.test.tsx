// The badges a reply gets besides its sentiment: "Auto-reply" (with "back on
// <date>" when the auto-reply says), and "May want to opt out: review".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThreadMessage } from '#app/pages/communications/ThreadMessage.tsx';
import { CandidateMessages } from '#app/pages/people/CandidateMessages.tsx';
import { backOn } from '#app/panels/ReplyFlagBadges.tsx';
import { candidateMessageSchema } from '#domain/candidates/schemas.ts';
import { renderAt } from './renderWithProviders.tsx';
import { reply as receivedReply } from './messagingFixtures.ts';

const reply = (extra: Parameters<typeof receivedReply>[1]) =>
  receivedReply(41, { subject: 'Re: A new role', content: 'I am out of the office.', sentiment: 'other', createdAt: '2026-11-30T09:31:00Z', ...extra });

describe('reply badges in a thread', () => {
  it('an auto-reply shows "Auto-reply" with the date its sender is back', () => {
    renderAt('/app/communications', <ThreadMessage message={reply({ autoReply: true, autoReplyUntil: '2026-12-14' })} candidateName="Jan Bakker" />);
    expect(screen.getByTestId('auto-reply-badge').textContent).toBe('Auto-reply · back on Dec 14, 2026');
    expect(screen.queryByTestId('opt-out-review-badge')).toBeNull();
  });

  it('without a date it says only "Auto-reply"', () => {
    renderAt('/app/communications', <ThreadMessage message={reply({ autoReply: true, autoReplyUntil: null })} candidateName="Jan Bakker" />);
    expect(screen.getByTestId('auto-reply-badge').textContent).toBe('Auto-reply');
  });

  it('a reply that may ask to stop shows the review badge next to its sentiment', () => {
    renderAt('/app/communications', <ThreadMessage message={reply({ sentiment: 'negative', content: "Don't contact me until next year.", optOutReview: true })}
      candidateName="Jan Bakker" />);
    expect(screen.getByTestId('opt-out-review-badge').textContent).toBe('May want to opt out: review');
    expect(screen.getByTestId('sentiment-badge').textContent).toBe('Negative');
    expect(screen.queryByTestId('auto-reply-badge')).toBeNull();
  });

  it('an ordinary reply has neither badge', () => {
    renderAt('/app/communications', <ThreadMessage message={reply({ sentiment: 'positive', content: 'Yes!' })} candidateName="Jan Bakker" />);
    expect(screen.queryByTestId('auto-reply-badge')).toBeNull();
    expect(screen.queryByTestId('opt-out-review-badge')).toBeNull();
  });
});

describe('reply badges in the candidate drawer', () => {
  it('shows both kinds on the message list', () => {
    renderAt('/app/people', <CandidateMessages messages={[
      { id: 1, subject: 'Re: A', direction: 'in', channel: 'email', sentiment: 'other', status: 'received', createdAt: '2026-11-30T09:31:00Z',
        autoReply: true, autoReplyUntil: '2027-01-04', optOutReview: false },
      { id: 2, subject: 'Re: B', direction: 'in', channel: 'email', sentiment: 'negative', status: 'received', createdAt: '2026-11-29T09:31:00Z',
        autoReply: false, autoReplyUntil: null, optOutReview: true },
    ].map((m) => candidateMessageSchema.parse(m))} />);
    const [first, second] = screen.getAllByTestId('candidate-message');
    expect(within(first).getByTestId('auto-reply-badge').textContent).toBe('Auto-reply · back on Jan 4, 2027');
    expect(within(second).getByTestId('opt-out-review-badge').textContent).toBe('May want to opt out: review');
  });

  it('"back on" needs a real date', () => {
    expect(backOn('2026-12-14')).toBe('back on Dec 14, 2026');
    expect(backOn(null)).toBeNull();
    expect(backOn('not a date')).toBeNull();
  });
});
