// The dashboard's drawings (@mantine/charts on recharts), their own chunk: the
// first paint of /app carries no chart code. Each fills the box its figure
// keeps for it (DashboardCharts.tsx), so nothing moves when it arrives. Hidden
// from screen readers and out of the tab order (accessibilityLayer off): the
// figure's table says the same.
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { axisName, formatCount } from './format.ts';

interface Series { name: string; label: string; color: string }

export type ChartDrawingProps =
  | { kind: 'area'; height: number; data: Record<string, string | number>[]; dataKey: string; series: Series[] }
  | { kind: 'donut'; height: number; data: { name: string; value: number; color: string }[]; centre: string }
  | { kind: 'stacked-bars'; height: number; data: Record<string, string | number>[]; dataKey: string; series: Series[] };

export function ChartDrawing(props: ChartDrawingProps) {
  if (props.kind === 'area') {
    return (
      <AreaChart h={props.height} data={props.data} dataKey={props.dataKey} series={props.series} curveType="monotone"
        withLegend withDots={false} fillOpacity={0.1} valueFormatter={formatCount} accessibilityLayer={false} />
    );
  }
  if (props.kind === 'donut') {
    return (
      <DonutChart accessibilityLayer={false} pieProps={{ rootTabIndex: -1 }} mx="auto" size={props.height} thickness={26}
        withLabels={false} chartLabel={props.centre} data={props.data} />
    );
  }
  // Every bar named on the axis (recharts would skip names it finds crowded).
  return (
    <BarChart h={props.height} data={props.data} dataKey={props.dataKey} type="stacked" orientation="vertical"
      yAxisProps={{ width: 120, interval: 0, tickFormatter: axisName }} series={props.series} withLegend
      valueFormatter={formatCount} accessibilityLayer={false} />
  );
}
