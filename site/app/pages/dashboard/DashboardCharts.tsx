// The dashboard's charts: activity over time, the reply sentiment split and
// the engagement bands per talent pool. Each card, its text alternative and its
// links paint with the page; the drawing follows from its own chunk into a box
// of its own height (LazyChartDrawing.tsx), so the cards below never move.
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { locale } from '#app/i18n/format.ts';
import { BAND_COLOURS } from '#app/lib/engagementBands.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { LazyChartDrawing } from './LazyChartDrawing.tsx';
import { engagedPeopleHref, threadsHref } from './dashboardLinks.ts';
import { formatCount } from './format.ts';

const ACTIVITY_SERIES = [
  { name: 'sent', color: 'blue.8' },
  { name: 'opened', color: 'teal.9' },
  { name: 'clicked', color: 'violet.8' },
  { name: 'replied', color: 'orange.9' },
  { name: 'booked', color: 'green.9' },
] as const;

const SENTIMENTS = [
  { name: 'positive', color: 'green.9' },
  { name: 'neutral', color: 'gray.7' },
  { name: 'negative', color: 'red.9' },
  { name: 'other', color: 'blue.8' },
] as const;

const BANDS = (['cold', 'warm', 'hot'] as const).map((band) => ({ name: band, color: BAND_COLOURS[band].bar }));

/** "Mar 5" (Dutch "5 mrt") for a UTC date '2026-03-05'. */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export function ActivityChart({ activity }: Pick<Dashboard, 'activity'>) {
  const t = useT();
  const series = ACTIVITY_SERIES.map((s) => ({ ...s, label: t(`dashboard.steps.${s.name}`) }));
  const data = activity.map((day) => ({ ...day, day: dayLabel(day.date) }));
  return (
    <ChartFigure id="activity" title={t('dashboard.activity')}
      columns={[t('dashboard.day'), ...series.map((s) => s.label)]}
      rows={data.map((day) => ({ label: day.day, values: series.map((s) => formatCount(day[s.name])) }))}>
      <LazyChartDrawing kind="area" height={240} data={data} dataKey="day" series={series} />
    </ChartFigure>
  );
}

export function SentimentChart({ sentiment }: Pick<Dashboard, 'sentiment'>) {
  const t = useT();
  const sentiments = SENTIMENTS.map((s) => ({ ...s, label: t(`dashboard.sentiments.${s.name}`) }));
  const total = sentiments.reduce((sum, s) => sum + sentiment[s.name], 0);
  return (
    <ChartFigure id="sentiment" title={t('dashboard.sentiment')}
      columns={[t('dashboard.sentimentColumn'), t('dashboard.replies')]}
      rows={sentiments.map((s) => ({ label: s.label, values: [formatCount(sentiment[s.name])] }))}
      links={sentiments.map((s) => ({ label: `${s.label} (${formatCount(sentiment[s.name])})`, href: threadsHref(s.name), color: s.color }))}>
      {total === 0 ? <p>{t('dashboard.noReplies')}</p> : (
        <LazyChartDrawing kind="donut" height={180} centre={t('dashboard.repliesCount', { count: total, total: formatCount(total) })}
          data={sentiments.map((s) => ({ name: s.label, value: sentiment[s.name], color: s.color }))} />
      )}
    </ChartFigure>
  );
}

export function BandsChart({ bandsByPool }: Pick<Dashboard, 'bandsByPool'>) {
  const t = useT();
  const bands = BANDS.map((b) => ({ ...b, label: t(`dashboard.bands.${b.name}`) }));
  return (
    <ChartFigure id="bands-by-pool" title={t('dashboard.bandsByPool')}
      columns={[t('dashboard.talentPool'), ...bands.map((b) => b.label)]}
      rows={bandsByPool.map((pool) => ({ label: pool.name, values: bands.map((b) => formatCount(pool[b.name])) }))}
      links={bandsByPool.map((pool) => ({ label: pool.name, href: engagedPeopleHref({ talentPoolId: pool.talentPoolId }) }))}>
      {bandsByPool.length === 0 ? <p>{t('dashboard.noPools')}</p> : (
        <LazyChartDrawing kind="stacked-bars" height={Math.max(160, bandsByPool.length * 36)} data={bandsByPool} dataKey="name" series={bands} />
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
