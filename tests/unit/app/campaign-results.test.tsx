// @vitest-environment jsdom
// Campaign results in Communications: the list's sent, human open rate, reply
// rate and meetings booked; the detail's funnel, the recipient filter (the
// request it makes) and pause / resume / cancel (the requests they make).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampaignsTab } from '#app/pages/communications/CampaignsTab.tsx';
import { CampaignPage } from '#app/pages/communications/campaign/CampaignPage.tsx';
import { campaignControlSchema, campaignRecipientListSchema, removedRecipientSchema, type CampaignDetail } from '#domain/campaigns/schemas.ts';
import { answer } from './answers.ts';
import { campaignDetail, campaignList, campaignSummary } from './messagingFixtures.ts';
import { currentUrl, jsonResponse, recruiter, renderAt, requestUrl, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';

afterEach(() => {
  act(() => { notifications.clean(); });
  vi.unstubAllGlobals();
});

const results = { status: 'sending', recipients: 25, pending: 5, sent: 20, skipped: 0, humanOpenRate: 45, replyRate: 15, meetingsBooked: 2,
  startedAt: '2026-03-05T09:00:01.000Z' } as const;
const funnel = { sent: 20, delivered: 19, opened: 14, humanOpened: 9, clicked: 5, replied: 3, positive: 2, booked: 2, unsubscribed: 1 };
const detail = (status: CampaignDetail['status']) => campaignDetail(9, { ...results, status, funnel, progress: {
  recipients: 25, pending: 5, sent: 20, skipped: 0, failed: 0, cancelled: 0, percent: 80, skipReasons: [], eligibleNow: 0,
} });

const recipients = answer(campaignRecipientListSchema, { nextCursor: null, total: 2, recipients: [{
  candidate: { id: 70, name: 'Anna de Vries' }, status: 'sent', skipReason: null, sentAt: '2026-03-05T09:00:02.000Z',
  opened: true, humanOpened: true, clicked: true, replied: true, sentiment: 'positive', bounced: false, booked: true,
  currentStep: 1, exitReason: null, exitedAt: null, outOfOfficeUntil: null,
}, {
  candidate: { id: 71, name: 'Bram Jansen' }, status: 'sent', skipReason: null, sentAt: '2026-03-05T09:00:02.000Z',
  opened: true, humanOpened: false, clicked: false, replied: false, sentiment: null, bounced: false, booked: false,
  currentStep: 1, exitReason: null, exitedAt: null, outOfOfficeUntil: null,
}] });
const notDelivered = answer(campaignRecipientListSchema, { nextCursor: null, total: 1, recipients: [{
  candidate: { id: 72, name: 'Carla Smit' }, status: 'skipped', skipReason: 'Candidate has not consented to email', sentAt: null,
  opened: false, humanOpened: false, clicked: false, replied: false, sentiment: null, bounced: false, booked: false,
  currentStep: 1, exitReason: null, exitedAt: null, outOfOfficeUntil: null,
}] });

function stubApi(status: CampaignDetail['status'] = 'sending') {
  const control = (next: CampaignDetail['status']) => () => jsonResponse(answer(campaignControlSchema, { success: true, campaign: detail(next) }));
  return stubFetch({
    'GET /api/campaigns': campaignList([campaignSummary(9, results)]),
    'GET /api/campaigns/9': detail(status),
    'GET /api/campaigns/9/recipients': (url: string) => jsonResponse(url.includes('status=not_delivered') ? notDelivered : recipients),
    'POST /api/campaigns/9/pause': control('paused'),
    'POST /api/campaigns/9/resume': control('sending'),
    'POST /api/campaigns/9/cancel': control('cancelled'),
  });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input).startsWith(path));

describe('campaign results', () => {
  it('the list shows sent, human open rate, reply rate and meetings booked', async () => {
    stubApi();
    renderAt('/app/communications?tab=campaigns', <CampaignsTab />, { user: recruiter });
    const row = await screen.findByTestId('campaign-row-9');
    expect(within(row).getByTestId('campaign-results').textContent)
      .toBe('20 sent45% opened by a person15% replied2 meetings booked');
  });

  it('the detail shows the funnel with counts and shares of the sent, and the recipients', async () => {
    stubApi();
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    const funnelList = await screen.findByTestId('campaign-funnel');
    const figure = (step: string) => within(within(funnelList).getByTestId(`funnel-${step}`)).getByTestId('funnel-figure').textContent;
    expect(figure('sent')).toBe('20 · 100%');
    expect(figure('delivered')).toBe('19 · 95%');
    expect(figure('opened')).toBe('14 · 70%');
    expect(figure('humanOpened')).toBe('9 · 45%');
    expect(figure('clicked')).toBe('5 · 25%');
    expect(figure('replied')).toBe('3 · 15%');
    expect(figure('positive')).toBe('2 · 10%');
    expect(figure('booked')).toBe('2 · 10%');
    expect(figure('unsubscribed')).toBe('1 · 5.0%');
    expect(screen.getByTestId('campaign-progress-text').textContent).toBe('Sending: 80% done, 5 still to send');
    // The bar, for a screen reader: its name, and its value as a number and in words.
    const bar = screen.getByRole('progressbar', { name: 'Campaign progress' });
    expect(['aria-valuemin', 'aria-valuemax', 'aria-valuenow', 'aria-valuetext'].map((name) => bar.getAttribute(name))).toEqual(['0', '100', '80', '80% done']);

    const anna = await screen.findByTestId('recipient-70');
    expect(within(anna).getByText('Yes (positive)')).toBeTruthy();
    expect(within(await screen.findByTestId('recipient-71')).getByText('Machine only')).toBeTruthy();
  });

  it('the campaign\'s own page: Back to the list, its name as heading and tab title, recipients 25 a page, searched by name', async () => {
    const page = (offset: number) => answer(campaignRecipientListSchema, { nextCursor: null, total: 60, recipients:
      Array.from({ length: Math.min(25, 60 - offset) }, (_, i) => ({ ...recipients.recipients[1], candidate: { id: 100 + offset + i, name: `Person ${offset + i + 1}` } })) });
    const fetchMock = stubFetch({
      'GET /api/campaigns/9': detail('sent'),
      'GET /api/campaigns/9/recipients': (url: string) => jsonResponse(url.includes('q=anna')
        ? { ...recipients, total: 1, recipients: [recipients.recipients[0]] } : page(Number(new URL(url, 'http://x').searchParams.get('offset')))),
    });
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Nurture Campaign - Mar 5');
    expect(document.title).toBe('Nurture Campaign - Mar 5 · Communications · Talentloop');
    expect(screen.getByRole('link', { name: /All campaigns/ }).getAttribute('href')).toBe('/app/communications?tab=campaigns');

    expect((await screen.findByTestId('recipient-range')).textContent).toBe('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('recipient-range').textContent).toBe('51–60 of 60'));
    expect(currentUrl()).toBe('/app/communications/campaigns/9?page=3');
    expect(screen.getByTestId('recipient-150')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/api/campaigns/9/recipients?offset=50&limit=25')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Search recipients'), { target: { value: 'anna' } });
    await waitFor(() => expect(currentUrl()).toBe('/app/communications/campaigns/9?q=anna'));
    expect(await screen.findByTestId('recipient-70')).toBeTruthy();
    expect(screen.getByTestId('recipient-range').textContent).toBe('1–1 of 1');
    expect(calls(fetchMock, 'GET', '/api/campaigns/9/recipients?q=anna&offset=0&limit=25')).toHaveLength(1);
  });

  it('filtering asks the API for those recipients and shows why they did not get it', async () => {
    const fetchMock = stubApi();
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    await screen.findByTestId('recipient-70');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'not_delivered' } });
    const carla = await screen.findByTestId('recipient-72');
    expect(within(carla).getByTestId('recipient-reason').textContent).toBe('Candidate has not consented to email');
    expect(screen.queryByTestId('recipient-70')).toBeNull();
    expect(calls(fetchMock, 'GET', '/api/campaigns/9/recipients?status=not_delivered')).toHaveLength(1);
  });

  it('pause, resume and cancel (after a confirmation) send their requests', async () => {
    const fetchMock = stubApi();
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    const controls = await screen.findByTestId('campaign-controls');
    fireEvent.click(within(controls).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/campaigns/9/pause')).toHaveLength(1));
    fireEvent.click(await within(screen.getByTestId('campaign-controls')).findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/campaigns/9/resume')).toHaveLength(1));

    fireEvent.click(await within(screen.getByTestId('campaign-controls')).findByRole('button', { name: 'Cancel campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(calls(fetchMock, 'POST', '/api/campaigns/9/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/campaigns/9/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('campaign-controls')).toBeNull());
    expect(within(screen.getByTestId('campaign-detail')).getByTestId('campaign-status').textContent).toBe('cancelled');
  });

  it('a sequence: its steps with counts, each recipient\'s step and why they left, and "Take out" by hand', async () => {
    const step = (position: number, delayDays: number, subject: string, counts: { waiting: number; sent: number; failed: number; exited: number }) =>
      ({ position, delayDays, businessDaysOnly: position === 2, subject, content: 'Hi', counts });
    const sequence = campaignDetail(9, { ...results, status: 'sending', funnel, joinLate: true,
      sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true },
      steps: [step(1, 0, 'A role in Utrecht', { waiting: 0, sent: 20, failed: 0, exited: 0 }),
        step(2, 3, 'Re: A role in Utrecht', { waiting: 4, sent: 12, failed: 0, exited: 4 })] });
    const list = answer(campaignRecipientListSchema, { nextCursor: null, total: 2, recipients: [
      { ...recipients.recipients[0], currentStep: 1, exitReason: 'replied', exitedAt: '2026-03-06T10:00:00.000Z' },
      { ...recipients.recipients[1], currentStep: 2 },
    ] });
    const fetchMock = stubFetch({
      'GET /api/campaigns/9': sequence,
      'GET /api/campaigns/9/recipients': list,
      'POST /api/campaigns/9/recipients/71/remove': answer(removedRecipientSchema, { success: true,
        recipient: { ...list.recipients[1], exitReason: 'manual', exitedAt: '2026-03-07T10:00:00.000Z' } }),
    });
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    const steps = await screen.findByTestId('campaign-steps');
    expect(within(steps).getByTestId('campaign-step-2').textContent)
      .toBe('3 business days after step 1 · Re: A role in Utrecht12 sent · 4 waiting · 0 failed · 4 left before it');
    expect(steps.textContent).toContain("Sends between 9:00 AM and 11:00 AM on weekdays, in each candidate's time zone.");
    expect(steps.textContent).toContain('Candidates added to the pool later join this campaign.');

    const anna = await screen.findByTestId('recipient-70');
    expect(within(anna).getByTestId('recipient-exit').textContent).toMatch(/^Left: Replied, /);
    expect(within(anna).queryByRole('button', { name: /Take .* out of the sequence/ })).toBeNull();
    const bram = screen.getByTestId('recipient-71');
    expect(bram.textContent).toContain('Step 2 of 2');
    fireEvent.click(within(bram).getByRole('button', { name: 'Take out Bram Jansen' }));
    expect(await screen.findByText('Taken out of the sequence')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/campaigns/9/recipients/71/remove')).toHaveLength(1);
  });

  it('says what waits and why, and why a campaign paused by itself', async () => {
    stubFetch({
      'GET /api/campaigns/9': campaignDetail(9, { ...results, status: 'paused', funnel,
        pausedReason: 'Paused automatically: 11 of the last 200 emails bounced or were marked as spam (5.5%; the limit is 5%)',
        waiting: { waitingForWindow: 4, waitingForLimit: 312, waitingForDailyCap: 312, nextSendAt: '2026-03-06T08:00:00.000Z' } }),
      'GET /api/campaigns/9/recipients': recipients,
    });
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    expect((await screen.findByTestId('campaign-paused-reason')).textContent)
      .toBe('Paused automatically: 11 of the last 200 emails bounced or were marked as spam (5.5%; the limit is 5%). Nothing more is sent until you resume it.');
    expect(screen.getByTestId('campaign-waiting').textContent)
      .toMatch(/^312 waiting for tomorrow's window \(the sender's daily limit was reached\) · 4 waiting for their send time; the next goes out /);
    expect(within(screen.getByTestId('campaign-controls')).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });
});
