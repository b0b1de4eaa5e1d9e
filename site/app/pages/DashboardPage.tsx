// /app: the recruiter's pipeline at a glance for a period (7, 30, 90 days) and
// for me or the whole team (?period=, ?scope=; dashboard/pageParams.ts): the
// KPIs, the funnel, the charts (their drawings from their own chunk, after the first paint)
// and the lists to act on. Every figure with a list behind it links there.
import { Alert, Anchor, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Dashboard, DashboardQuery } from '#domain/dashboard/schemas.ts';
import { CampaignsInProgressCard } from './dashboard/CampaignsInProgressCard.tsx';
import { DashboardControls } from './dashboard/DashboardControls.tsx';
import { useDashboard } from './dashboard/dashboardQueries.ts';
import { FunnelCard } from './dashboard/FunnelCard.tsx';
import { HottestCard } from './dashboard/HottestCard.tsx';
import { KpiCards } from './dashboard/KpiCards.tsx';
import { DashboardCharts } from './dashboard/DashboardCharts.tsx';
import { NeedsReplyCard } from './dashboard/NeedsReplyCard.tsx';
import { DataRightsCard } from './dashboard/DataRightsCard.tsx';
import { DEFAULT_PERIOD, DEFAULT_SCOPE, dashboardQuery, dashboardSearchSchema } from './dashboard/pageParams.ts';
import { UpcomingMeetingsCard } from './people/booking/UpcomingMeetingsCard.tsx';
import { isAdmin, useCurrentUser } from '../session/CurrentUser.tsx';
import { PageHeader } from './PageHeader.tsx';
import { addEnglish } from '#app/i18n/i18n.ts';
import { dashboard } from '#domain/i18n/en/dashboard.ts';
import { dataRights } from '#domain/i18n/en/dataRights.ts';
import { meetings } from '#domain/i18n/en/meetings.ts';

// The start page's words come with it (the first load preloads this chunk; decision 044).
addEnglish({ dashboard, meetings, dataRights });

export function DashboardPage() {
  const user = useCurrentUser();
  const t = useT();
  const query = dashboardQuery(useSearch(dashboardSearchSchema));
  const navigate = useNavigate();
  const setQuery = (changes: Partial<DashboardQuery>) => {
    const next = { ...query, ...changes };
    // The defaults stay out of the URL.
    void navigate({
      search: { period: next.period === DEFAULT_PERIOD ? undefined : next.period, scope: next.scope === DEFAULT_SCOPE ? undefined : next.scope },
      replace: true,
      resetScroll: false,
    });
  };
  const dashboard = useDashboard(query);

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description')}
      />
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="lg">{t('dashboard.welcome', { name: user.displayName || user.username })}</Text>
          <DashboardControls query={query} onChange={setQuery} />
        </Group>
        {dashboard.isPending && <Loader size="sm" aria-label={t('dashboard.loading')} />}
        {dashboard.isError && <Alert color="red" p="xs">{t('dashboard.loadFailed', { error: errorText(dashboard.error) })}</Alert>}
        {dashboard.data && <DashboardFigures dashboard={dashboard.data} updating={dashboard.isPlaceholderData} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {dashboard.data && <NeedsReplyCard items={dashboard.data.needsReply} />}
          <UpcomingMeetingsCard />
          {dashboard.data && <HottestCard items={dashboard.data.hottest} />}
          {dashboard.data && <CampaignsInProgressCard items={dashboard.data.campaignsInProgress} />}
          {isAdmin(user) && <DataRightsCard />}
        </SimpleGrid>
      </Stack>
    </>
  );
}

/** The KPIs, the funnel and the charts of the period, or what to do when nothing was sent in it. */
function DashboardFigures({ dashboard, updating }: { dashboard: Dashboard; updating: boolean }) {
  const t = useT();
  if (dashboard.kpis.sent === 0) {
    return (
      <Alert color="gray" variant="light" data-testid="dashboard-empty" title={t('dashboard.emptyTitle')}>
        {t('dashboard.emptyBody')}{' '}
        <Anchor {...appLinkProps('/app/communications?action=create-campaign')}>{t('dashboard.createCampaign')}</Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="lg" aria-busy={updating || undefined} style={{ opacity: updating ? 0.6 : 1 }} data-testid="dashboard-figures">
      <KpiCards dashboard={dashboard} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FunnelCard dashboard={dashboard} />
        <DashboardCharts dashboard={dashboard} />
      </SimpleGrid>
    </Stack>
  );
}
