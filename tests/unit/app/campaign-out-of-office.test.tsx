// @vitest-environment jsdom
// A sequence recipient whose out-of-office paused their sequence (issue 28, decision 038): the row on
// the campaign's page says until when, in English and in Dutch; a recipient who is not paused says nothing of it.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { CampaignPage } from '#app/pages/communications/campaign/CampaignPage.tsx';
import { campaignRecipientListSchema } from '#domain/campaigns/schemas.ts';
import { answer } from './answers.ts';
import { campaignDetail } from './messagingFixtures.ts';
import { recruiter, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setInterfaceLanguage('en'));
});

const step = (position: number, delayDays: number) =>
  ({ position, delayDays, businessDaysOnly: false, subject: 'A role in Utrecht', content: 'Hi', counts: { waiting: 0, sent: 2, failed: 0, exited: 0 } });
const sequence = campaignDetail(9, { status: 'sending', recipients: 2, sent: 2, startedAt: '2026-12-15T09:00:01.000Z', steps: [step(1, 0), step(2, 3)] });
const inSequence = { status: 'sent', skipReason: null, sentAt: '2026-12-15T09:00:02.000Z', opened: true, humanOpened: true, clicked: false,
  replied: false, sentiment: null, bounced: false, booked: false, currentStep: 1, exitReason: null, exitedAt: null } as const;
const recipients = answer(campaignRecipientListSchema, { nextCursor: null, total: 2, recipients: [
  { ...inSequence, candidate: { id: 70, name: 'Anna de Vries' }, outOfOfficeUntil: '2027-01-12' },
  { ...inSequence, candidate: { id: 71, name: 'Bram Jansen' }, outOfOfficeUntil: null },
] });

async function rowsOf(language: 'en' | 'nl') {
  await act(() => setInterfaceLanguage(language));
  stubFetch({ 'GET /api/campaigns/9': sequence, 'GET /api/campaigns/9/recipients': recipients });
  await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
  return { anna: await screen.findByTestId('recipient-70'), bram: screen.getByTestId('recipient-71') };
}

describe('a recipient paused by an out-of-office', () => {
  it('shows until when, in English', async () => {
    const { anna, bram } = await rowsOf('en');
    expect(within(anna).getByTestId('recipient-out-of-office').textContent).toBe('Out of office until Jan 12, 2027');
    expect(anna.textContent).toContain('Step 1 of 2');
    expect(within(bram).queryByTestId('recipient-out-of-office')).toBeNull();
  });

  it('shows until when, in Dutch', async () => {
    const { anna, bram } = await rowsOf('nl');
    expect(within(anna).getByTestId('recipient-out-of-office').textContent).toBe('Afwezig tot 12 jan 2027');
    expect(bram.textContent).not.toContain('Afwezig');
  });
});
