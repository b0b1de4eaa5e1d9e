// The drawer's engagement (decision 016): the band next to the score, raw and
// human opens side by side, and "Why this score" with each signal's weight and age.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EngagementBar } from '#app/pages/people/EngagementBar.tsx';
import { EngagementSection } from '#app/pages/people/EngagementSection.tsx';
import { detail } from './peopleFixtures.ts';
import { Providers, testQueryClient } from './renderWithProviders.tsx';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();

describe('engagement in the drawer and the table', () => {
  it('shows the band, the counts and each signal with its weight and age', () => {
    const candidate = detail(7, {
      engagement: {
        score: 72, band: 'hot', opens: 5, humanOpens: 2, clicks: 1, replies: 1, meetings: 1,
        signals: [
          { kind: 'meeting_booked', weight: 39.1, at: daysAgo(1) },
          { kind: 'reply', weight: 28.3, at: daysAgo(5) },
          { kind: 'unsubscribe', weight: -2.5, at: daysAgo(120) },
        ],
      },
    });
    render(<Providers client={testQueryClient()}><EngagementSection candidate={candidate} /></Providers>);
    const section = screen.getByTestId('candidate-engagement');
    expect(within(section).getByTestId('engagement-score').textContent).toBe('72%');
    expect(within(section).getByTestId('engagement-band').textContent).toBe('Hot');
    const fact = (label: string) => section.querySelector(`[data-fact="${label}"]`)?.textContent;
    expect([fact('Opens'), fact('Human opens'), fact('Meetings')]).toEqual(['5', '2', '1']);
    const why = within(screen.getByTestId('engagement-why'));
    expect(why.getAllByTestId('engagement-signal').map((row) => row.textContent)).toEqual([
      '+39.1Meeting booked1 day ago', '+28.3Reply5 days ago', '−2.5Unsubscribed120 days ago',
    ]);
  });

  it('says when nothing counts, and derives the band from an older answer without one', () => {
    render(<Providers client={testQueryClient()}><EngagementSection candidate={detail(8)} /></Providers>);
    expect(screen.getByTestId('engagement-band').textContent).toBe('Warm');
    expect(screen.getByTestId('engagement-why').textContent).toContain('No engagement in the last year.');
  });

  it('puts the band badge next to the % in the table', () => {
    render(<Providers client={testQueryClient()}><EngagementBar score={12} /></Providers>);
    expect(screen.getByText('12%')).toBeTruthy();
    expect(screen.getByTestId('engagement-band').getAttribute('data-band')).toBe('cold');
  });
});
