// How the dashboard writes its figures: counts with thousands separators,
// rates (0-100, one decimal) as "42.5%".
const countFormat = new Intl.NumberFormat('en-US');
const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => countFormat.format(value);
export const formatRate = (value: number) => `${rateFormat.format(value)}%`;
/** `part` as a share of `whole` (0 when there is no whole), for the funnel's steps. */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);
