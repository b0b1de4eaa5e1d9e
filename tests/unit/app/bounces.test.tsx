// @vitest-environment jsdom
// Bounces in the UI: a "Bounced · 5.1.1" badge with the reason on the message
// (candidate drawer and thread), a soft bounce with its retry, and "Email
// bounced" with the reason in the candidate's consent area.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CandidateMessages } from '#app/pages/people/CandidateMessages.tsx';
import { ConsentSection } from '#app/pages/people/ConsentSection.tsx';
import { ThreadMessage } from '#app/pages/communications/ThreadMessage.tsx';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { bounceSchema } from '#domain/candidates/bounce-schemas.ts';
import { answer } from './answers.ts';
import { renderAt, recruiter, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';
import { detail, peopleList, pools } from './peopleFixtures.ts';
import { message } from './messagingFixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  closeAllPanels();
});

const HARD = answer(bounceSchema, {
  type: 'hard', status: '5.1.1', diagnostic: '550 5.1.1 User unknown', recipient: 'anna@example.com',
  reason: 'Email address bounced (5.1.1 User unknown)', at: '2026-03-02T10:05:00.000Z',
});
const SOFT = answer(bounceSchema, {
  type: 'soft', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', recipient: 'anna@example.com',
  reason: 'Email bounced for now (4.2.2 Mailbox full)', at: '2026-03-05T10:05:00.000Z',
});

describe('a bounced message', () => {
  it('shows "Bounced · 5.1.1" and the reason in the candidate drawer\'s messages', () => {
    const { messages } = detail(7);
    renderAt('/app/people', <CandidateMessages messages={messages.map((m) => (m.id === 91 ? { ...m, bounce: HARD } : m))} />);
    const [reply, ours] = screen.getAllByTestId('candidate-message');
    expect(within(ours).getByTestId('bounce-badge').textContent).toBe('Bounced · 5.1.1');
    expect(within(ours).getByTestId('bounce-note').textContent).toContain('Email address bounced (5.1.1 User unknown)');
    expect(within(reply).queryByTestId('bounce-badge')).toBeNull();
  });

  it('a soft bounce in the thread shows its badge and the retry, once', () => {
    const queued = message(41, { status: 'queued', bounce: SOFT, error: `${SOFT.reason}; sending again (retry 1 of 3)` });
    renderAt('/app/communications', <ThreadMessage message={queued} candidateName="Anna de Vries" />);
    expect(screen.getByTestId('bounce-badge').textContent).toBe('Soft bounce · 4.2.2');
    expect(screen.getByText(`${SOFT.reason}; sending again (retry 1 of 3)`)).toBeTruthy();
  });

  it('a message without a bounce has no badge', () => {
    renderAt('/app/communications', <ThreadMessage message={message(42)} candidateName="Anna de Vries" />);
    expect(screen.queryByTestId('bounce-badge')).toBeNull();
  });
});

describe('the candidate whose address bounced', () => {
  it('reads "Email bounced" with the reason in the consent area; consent switches as they were', () => {
    renderAt('/app/people', <ConsentSection candidate={detail(7, { emailBounce: HARD, contactBlockers: { email: ['suppressed'], whatsapp: [] } })} />);
    const alert = screen.getByTestId('email-bounced');
    expect(within(alert).getByText('Email bounced')).toBeTruthy();
    expect(alert.textContent).toContain('Email address bounced (5.1.1 User unknown)');
    expect(alert.textContent).toContain('Not an opt-out');
    expect(screen.getByTestId<HTMLInputElement>('consent-email').checked).toBe(true);
  });

  it('no alert without a hard bounce', () => {
    renderAt('/app/people', <ConsentSection candidate={detail(7)} />);
    expect(screen.queryByTestId('email-bounced')).toBeNull();
  });

  it('the drawer opened from the People page shows it', async () => {
    stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'GET /api/candidates/7': detail(7, { emailBounce: HARD }),
    });
    await renderPage('/app/people?candidate=7', <PeoplePage />, { user: recruiter });
    const drawer = await screen.findByTestId('candidate-detail');
    expect(within(drawer).getByTestId('email-bounced').textContent).toContain('Email address bounced (5.1.1 User unknown)');
  });
});
