import { createTheme, ScrollArea, Tooltip } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 700, withArrow: true } }),
    ScrollArea: ScrollArea.extend({ defaultProps: { scrollHideDelay: 600 } }),
  },
});
