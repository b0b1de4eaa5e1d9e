// @vitest-environment jsdom
// /app: the KPIs of the API's answer, the period and scope in the request and
// the URL, "Needs reply" oldest first with links to the threads, the lists'
// links, the charts (their own chunk) with text alternatives, and the empty
// state when nothing was sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '#app/pages/DashboardPage.tsx';
import { AA, contrastRatio, toHex } from '#app/theme.ts';
import { currentUrl, jsonResponse, recruiter, requestUrl, stubFetch } from './renderWithProviders.tsx';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { busyDashboard, dashboardAnswer, quietDashboard } from './dashboardFixtures.ts';
import { meetingList } from './meetingListFixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: give every box a size, so recharts draws its charts (it skips a 0×0 container). */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 600, height: 240 }));
});

/** GET /api/dashboard answers `dashboard` (with the period and scope asked for); no upcoming meetings. */
function stubDashboard(dashboard = busyDashboard) {
  return stubFetch({
    'GET /api/dashboard': (url: string) => {
      const params = new URL(url, 'http://x').searchParams;
      return jsonResponse({ ...dashboard, period: params.get('period') ?? '30d', scope: params.get('scope') ?? 'me' });
    },
    'GET /api/meetings': meetingList([]),
  });
}

const dashboardQueries = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls
  .map(([url]) => requestUrl(url))
  .filter((url) => url.startsWith('/api/dashboard'))
  .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

const page = () => <DashboardPage />;
const kpi = (key: string) => screen.getByTestId(`kpi-${key}`);
const kpiValue = (key: string) => within(kpi(key)).getByTestId('kpi-value').textContent;

describe('dashboard', () => {
  it('shows the KPIs of the answer, with the raw open rate beside the human one, and links them to their lists', async () => {
    stubDashboard();
    await renderPage('/app', page(), { user: recruiter });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Welcome back, Rita Recruiter.')).toBeTruthy();
    await screen.findByTestId('kpi-sent');

    expect(kpiValue('sent')).toBe('1,234');
    expect(kpiValue('human-open-rate')).toBe('41.5%');
    expect(within(kpi('human-open-rate')).getByTestId('raw-open-rate').textContent).toBe('63.2%');
    expect(kpi('human-open-rate').textContent).toContain('63.2% incl. machine opens');
    expect(kpiValue('click-rate')).toBe('12.3%');
    expect(kpiValue('reply-rate')).toBe('8.1%');
    expect(kpiValue('positive-reply-share')).toBe('55.6%');
    expect(kpiValue('meetings-booked')).toBe('17');
    expect(kpiValue('unsubscribes')).toBe('4');

    expect(kpi('reply-rate').getAttribute('href')).toBe('/app/communications?tab=messages&view=all');
    expect(kpi('positive-reply-share').getAttribute('href')).toBe('/app/communications?tab=messages&sentiment=positive');
    expect(kpi('meetings-booked').getAttribute('href')).toBe('/app/meetings');

    const funnel = screen.getByTestId('dashboard-funnel');
    expect(within(screen.getByTestId('funnel-replied')).getByRole('link', { name: 'Replied' }).getAttribute('href'))
      .toBe('/app/communications?tab=messages&view=all');
    expect(within(funnel).getByTestId('funnel-booked').textContent).toContain('17');
    expect(within(funnel).getByTestId('funnel-opened').textContent).toContain('512');
  });

  it('sends the period and scope from the URL, and a change asks again and updates the URL', async () => {
    const fetchMock = stubDashboard();
    await renderPage('/app', page(), { user: recruiter });
    await screen.findByTestId('kpi-sent');
    expect(dashboardQueries(fetchMock)).toEqual([{ period: '30d', scope: 'me' }]);

    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(currentUrl()).toBe('/app?period=7d'));
    await waitFor(() => expect(dashboardQueries(fetchMock).at(-1)).toEqual({ period: '7d', scope: 'me' }));

    fireEvent.click(screen.getByRole('radio', { name: 'Team' }));
    await waitFor(() => expect(currentUrl()).toBe('/app?period=7d&scope=team'));
    await waitFor(() => expect(dashboardQueries(fetchMock).at(-1)).toEqual({ period: '7d', scope: 'team' }));
    // The team's meetings behind the meetings figure.
    await waitFor(() => expect(kpi('meetings-booked').getAttribute('href')).toBe('/app/meetings?recruiter=all'));

    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(currentUrl()).toBe('/app?scope=team'));
  });

  it('opens on the period and scope of the URL', async () => {
    const fetchMock = stubDashboard();
    await renderPage('/app?period=90d&scope=team', page(), { user: recruiter });
    await screen.findByTestId('kpi-sent');
    expect(dashboardQueries(fetchMock)).toEqual([{ period: '90d', scope: 'team' }]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '90 days' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Team' }).checked).toBe(true);
  });

  it('drops a period it does not know from the URL and shows the default', async () => {
    const fetchMock = stubDashboard();
    await renderPage('/app?period=1y&scope=everyone', page(), { user: recruiter });
    await screen.findByTestId('kpi-sent');
    expect(currentUrl()).toBe('/app');
    expect(dashboardQueries(fetchMock)).toEqual([{ period: '30d', scope: 'me' }]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '30 days' }).checked).toBe(true);
  });

  it('lists "Needs reply" oldest first, each opening its thread', async () => {
    stubDashboard();
    await renderPage('/app', page(), { user: recruiter });
    const card = await screen.findByTestId('needs-reply');
    const items = within(card).getAllByTestId('needs-reply-item');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Sam de Vries', 'Noor Bakker: Re: Backend role']);
    expect(within(items[0]).getByRole('link').getAttribute('href')).toBe('/app/communications?tab=messages&thread=70');
    expect(within(items[1]).getByRole('link').getAttribute('href')).toBe('/app/communications?tab=messages&thread=71');
    expect(items[0].textContent).toContain('Could you tell me more about the salary?');
    expect(within(card).getByRole('link', { name: 'Open inbox' }).getAttribute('href')).toBe('/app/communications?tab=messages');
  });

  it('links the hottest candidates to their drawer and the campaigns in progress to the campaign, with a progress bar', async () => {
    stubDashboard();
    await renderPage('/app', page(), { user: recruiter });
    const hottest = await screen.findByTestId('hottest-candidates');
    const [eva] = within(hottest).getAllByTestId('hottest-item');
    expect(within(eva).getByRole('link', { name: 'Eva Mulder' }).getAttribute('href')).toBe('/app/people?candidate=21');
    expect(eva.textContent).toContain('92% · Hot');
    // Each band's badge is readable: its text reaches AA on the badge (the warm one was white on orange, 4.29).
    for (const name of ['Score 92%, Hot', 'Score 64%, Warm']) {
      const badge = within(hottest).getByLabelText(name);
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label')!;
      const background = badge.style.getPropertyValue('--badge-bg');
      expect(background, `${name}: the badge's background`).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrastRatio(toHex(getComputedStyle(label).color), background), name).toBeGreaterThanOrEqual(AA);
    }

    const campaign = within(screen.getByTestId('campaigns-in-progress')).getByTestId('campaign-in-progress');
    expect(within(campaign).getByRole('link', { name: 'Spring backend outreach' }).getAttribute('href'))
      .toBe('/app/communications/campaigns/5');
    expect(within(campaign).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(campaign.textContent).toContain('80 of 200 sent');
    expect(screen.getByTestId('upcoming-meetings-card')).toBeTruthy();
  });

  it('renders the charts with text alternatives and links to the lists behind them', async () => {
    stubDashboard();
    await renderPage('/app', page(), { user: recruiter });
    const activity = await screen.findByTestId('activity-table');
    // Drawn (jsdom draws no areas or bars, but the SVG surface and the legend of each series).
    const legend = (id: string) => [...screen.getByTestId(id).querySelectorAll('.mantine-ChartLegend-legendItemName')].map((e) => e.textContent).sort();
    await waitFor(() => expect(screen.getByTestId('activity-chart').querySelector('svg.recharts-surface')).toBeTruthy());
    expect(legend('activity-chart')).toEqual(['Booked', 'Clicked', 'Opened', 'Replied', 'Sent']);
    expect(screen.getByTestId('sentiment-chart').querySelector('svg.recharts-surface')).toBeTruthy();
    expect(screen.getByTestId('bands-by-pool-chart').querySelector('svg.recharts-surface')).toBeTruthy();
    expect(legend('bands-by-pool-chart')).toEqual(['Cold', 'Hot', 'Warm']);
    // Hidden from screen readers, so nothing in them takes keyboard focus.
    for (const id of ['activity-chart', 'sentiment-chart', 'bands-by-pool-chart']) {
      expect(screen.getByTestId(id).getAttribute('aria-hidden')).toBe('true');
      expect([...screen.getByTestId(id).querySelectorAll('a, button, input, [tabindex]')]
        .filter((element) => element.getAttribute('tabindex') !== '-1').map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
    }
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(within(activity).getAllByRole('row').map(cells)).toEqual([
      ['Day', 'Sent', 'Opened', 'Clicked', 'Replied', 'Booked'],
      ['Mar 1', '600', '300', '80', '50', '9'],
      ['Mar 2', '634', '212', '72', '50', '8'],
    ]);

    expect(within(screen.getByTestId('sentiment-table')).getByRole('row', { name: /Positive/ }).textContent).toBe('Positive55');
    expect(within(screen.getByTestId('sentiment-links')).getByRole('link', { name: 'Positive (55)' }).getAttribute('href'))
      .toBe('/app/communications?tab=messages&sentiment=positive');

    expect(within(screen.getByTestId('bands-by-pool-table')).getByRole('row', { name: /Backend engineers/ }).textContent)
      .toBe('Backend engineers120409');
    expect(within(screen.getByTestId('bands-by-pool-links')).getByRole('link', { name: 'Designers' }).getAttribute('href'))
      .toBe('/app/people?talentPoolId=4&sort=engagementScore&dir=desc');
  });

  it('shows what to do when nothing was sent in the period, and still the lists', async () => {
    stubDashboard(quietDashboard);
    await renderPage('/app', page(), { user: recruiter });
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty.textContent).toContain('Nothing sent in this period');
    expect(within(empty).getByRole('link', { name: 'Create a campaign' }).getAttribute('href')).toBe('/app/communications?action=create-campaign');
    expect(screen.queryByTestId('kpi-sent')).toBeNull();
    expect(within(screen.getByTestId('needs-reply')).getByText('No replies waiting for an answer.')).toBeTruthy();
  });

  it('says so when the dashboard cannot be loaded, and still greets the user', async () => {
    stubFetch({ 'GET /api/dashboard': () => jsonResponse({ error: 'Database unavailable' }, 503), 'GET /api/meetings': meetingList([]) });
    await renderApp('/app', { user: recruiter });
    expect(await screen.findByText(/Could not load the dashboard/)).toBeTruthy();
    expect(screen.getByText('Welcome back, Rita Recruiter.')).toBeTruthy();
  });

  it('a fixture for another period reads the same way', () => {
    expect(dashboardAnswer({ period: '7d' }).period).toBe('7d');
  });
});
