// The engagement bands' names and colours on the dashboard. The colours are
// Mantine's darker shades: filled badges keep white text at 4.5:1 and chart
// segments stand out from a white card at more than 3:1.
import type { Dashboard } from '#domain/dashboard/schemas.ts';

export type Band = Dashboard['hottest'][number]['band'];

export const BAND_COLORS: Record<Band, string> = { cold: 'blue.8', warm: 'orange.9', hot: 'red.9' };
