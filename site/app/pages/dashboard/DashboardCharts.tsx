// The dashboard's charts (@mantine/charts on recharts): activity over time,
// the reply sentiment split and the engagement bands per talent pool. Loaded
// as its own chunk (LazyDashboardCharts.tsx), so the first paint of /app
// carries no chart code. The drawings are hidden from screen readers and kept
// out of the tab order (accessibilityLayer off): ChartFigure's table says the same.
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { BAND_COLORS, BAND_LABELS } from './bands.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { engagedPeopleHref, threadsHref } from './dashboardLinks.ts';
import { formatCount } from './format.ts';

const ACTIVITY_SERIES = [
  { name: 'sent', label: 'Sent', color: 'blue.8' },
  { name: 'opened', label: 'Opened', color: 'teal.9' },
  { name: 'clicked', label: 'Clicked', color: 'violet.8' },
  { name: 'replied', label: 'Replied', color: 'orange.9' },
  { name: 'booked', label: 'Booked', color: 'green.9' },
] as const;

const SENTIMENTS = [
  { name: 'positive', label: 'Positive', color: 'green.9' },
  { name: 'neutral', label: 'Neutral', color: 'gray.7' },
  { name: 'negative', label: 'Negative', color: 'red.9' },
  { name: 'other', label: 'Other', color: 'blue.8' },
] as const;

const BANDS = (['cold', 'warm', 'hot'] as const).map((band) => ({ name: band, label: BAND_LABELS[band], color: BAND_COLORS[band] }));

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Mar 5" for a UTC date '2026-03-05'. */
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export function ActivityChart({ activity }: Pick<Dashboard, 'activity'>) {
  const data = activity.map((day) => ({ ...day, day: dayLabel(day.date) }));
  return (
    <ChartFigure id="activity" title="Activity over time"
      columns={['Day', ...ACTIVITY_SERIES.map((s) => s.label)]}
      rows={data.map((day) => ({ label: day.day, values: ACTIVITY_SERIES.map((s) => formatCount(day[s.name])) }))}>
      <AreaChart h={240} data={data} dataKey="day" series={[...ACTIVITY_SERIES]} curveType="monotone"
        withLegend withDots={false} fillOpacity={0.1} valueFormatter={formatCount} accessibilityLayer={false} />
    </ChartFigure>
  );
}

export function SentimentChart({ sentiment }: Pick<Dashboard, 'sentiment'>) {
  const total = SENTIMENTS.reduce((sum, s) => sum + sentiment[s.name], 0);
  return (
    <ChartFigure id="sentiment" title="Reply sentiment"
      columns={['Sentiment', 'Replies']}
      rows={SENTIMENTS.map((s) => ({ label: s.label, values: [formatCount(sentiment[s.name])] }))}
      links={SENTIMENTS.map((s) => ({ label: `${s.label} (${formatCount(sentiment[s.name])})`, href: threadsHref(s.name), color: s.color }))}>
      {total === 0 ? <p>No replies in this period.</p> : (
        <DonutChart accessibilityLayer={false} pieProps={{ rootTabIndex: -1 }} mx="auto" size={180} thickness={26} withLabels={false} chartLabel={`${formatCount(total)} replies`}
          data={SENTIMENTS.map((s) => ({ name: s.label, value: sentiment[s.name], color: s.color }))} />
      )}
    </ChartFigure>
  );
}

export function BandsChart({ bandsByPool }: Pick<Dashboard, 'bandsByPool'>) {
  return (
    <ChartFigure id="bands-by-pool" title="Engagement by talent pool"
      columns={['Talent pool', ...BANDS.map((b) => b.label)]}
      rows={bandsByPool.map((pool) => ({ label: pool.name, values: BANDS.map((b) => formatCount(pool[b.name])) }))}
      links={bandsByPool.map((pool) => ({ label: pool.name, href: engagedPeopleHref({ talentPoolId: pool.talentPoolId }) }))}>
      {bandsByPool.length === 0 ? <p>No talent pools yet.</p> : (
        <BarChart h={Math.max(160, bandsByPool.length * 36)} data={bandsByPool} dataKey="name" type="stacked" orientation="vertical"
          yAxisProps={{ width: 110 }} series={BANDS} withLegend valueFormatter={formatCount} accessibilityLayer={false} />
      )}
    </ChartFigure>
  );
}

export function DashboardCharts({ dashboard }: { dashboard: Pick<Dashboard, 'activity' | 'sentiment' | 'bandsByPool'> }) {
  return (
    <>
      <ActivityChart activity={dashboard.activity} />
      <SentimentChart sentiment={dashboard.sentiment} />
      <BandsChart bandsByPool={dashboard.bandsByPool} />
    </>
  );
}
