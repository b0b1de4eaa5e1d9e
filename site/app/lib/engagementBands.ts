// The engagement bands' colours, one palette for every view that shows a band:
// the people table and drawer, the dashboard's hottest list and charts, the
// theme demo. WCAG AA, tested in tests/unit/app/theme.test.tsx: a badge's text
// is 4.5:1 or more on its background, a bar or chart segment 3:1 or more on white.
// Warm keeps dark text on light orange: white on Mantine's darkest orange is 4.29.
import type { EngagementBand } from '#domain/engagement/score.ts';

export const BAND_COLOURS: Record<EngagementBand, { bar: string; background: string; text: string }> = {
  cold: { bar: '#1864ab', background: '#1864ab', text: '#ffffff' },
  warm: { bar: '#d9480f', background: '#ffd8a8', text: '#212529' },
  hot: { bar: '#c92a2a', background: '#c92a2a', text: '#ffffff' },
};
