// @vitest-environment jsdom
// The candidate drawer's message list labels each message by the API's own
// direction: 'out' is what we sent, 'in' what the candidate wrote.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CandidateMessages } from '#app/pages/people/CandidateMessages.tsx';
import { detail } from './peopleFixtures.ts';
import { renderAt } from './renderWithProviders.tsx';

describe('candidate messages', () => {
  it('labels our message "Sent" and the candidate\'s reply "Received", newest first', () => {
    renderAt('/app/people', <CandidateMessages messages={detail(7).messages} />);
    const [reply, ours] = screen.getAllByTestId('candidate-message');
    expect(within(reply).getByText('Re: Quick hello')).toBeTruthy();
    expect(within(reply).getByTestId('message-direction').textContent).toBe('Received');
    expect(within(ours).getByTestId('message-direction').textContent).toBe('Sent');
  });
});
