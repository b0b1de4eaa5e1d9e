// How the dashboard writes its figures: counts with thousands separators,
// rates (0-100, one decimal) as "42.5%" (in Dutch "42,5%"), in the interface's locale.
import { formatNumber, formatPercent } from '../../i18n/format.ts';

export const formatCount = (value: number) => formatNumber(value);
export const formatRate = formatPercent;
/** `part` as a share of `whole` (0 when there is no whole), for the funnel's steps. */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);
/** A pool's name on the bar chart's axis, cut to fit (the links under the chart name it whole). */
export const axisName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);
