// The app's Mantine theme. Contrast is decided here, once, rather than page by
// page (issue 13): every colour's text, outline and light-variant ink, every filled
// background that carries white text, and the dimmed grey are chosen from the
// palette as the lightest (light scheme) or darkest (dark scheme) shade that
// reaches WCAG AA (4.5:1) on the backgrounds they sit on. The theme demo
// (/app/theme-demo) shows the resulting ratios from the same functions.
import {
  createTheme, darken, DEFAULT_THEME, keys, lighten, rem, mergeThemeOverrides, type AnchorProps, type BadgeProps, type CloseButtonProps,
  type CSSVariablesResolver, type DrawerHeaderProps, type LoaderProps, type MantineColorsTuple, type MantineThemeComponent,
  type ModalHeaderProps, type PasswordInputProps, type ScrollAreaProps, type TableScrollContainerProps, type TooltipProps,
} from '@mantine/core';

/** WCAG AA for normal text. */
export const AA = 4.5;
/** A little above AA: the browser's colour rounding and anti-aliasing must not tip a pair under. */
const TARGET = 4.6;

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const value = parseInt(hex.replace('#', '').slice(0, 6), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** "7.1:1 AA", "3.3:1 fails": what the theme demo writes next to a pair. */
export function contrastLabel(ratio: number): string {
  const grade = ratio >= 7 ? 'AAA' : ratio >= AA ? 'AA' : ratio >= 3 ? 'AA large only' : 'fails';
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1 ${grade}`;
}

/** Mantine's darken/lighten answer rgba(); back to #rrggbb for the next step and for CSS. */
export function toHex(color: string): string {
  if (color.startsWith('#')) return color.slice(0, 7);
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

/**
 * The first of `candidates` that reaches TARGET against every background, else the last one
 * pushed further (darker for a light scheme, lighter for a dark one) until it does.
 */
function readable(candidates: string[], backgrounds: string[], direction: 'darker' | 'lighter'): string {
  const passes = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= TARGET);
  const found = candidates.find(passes);
  if (found) return found;
  let color = candidates[candidates.length - 1];
  for (let step = 0; step < 20 && !passes(color); step += 1) {
    color = toHex(direction === 'darker' ? darken(color, 0.06) : lighten(color, 0.06));
  }
  return color;
}

const colors = DEFAULT_THEME.colors;
const WHITE = '#ffffff';
const LIGHT_PRIMARY_SHADE = 7;
const DARK_PRIMARY_SHADE = 8;
/** Dark scheme surfaces: the body (dark 7) and cards, inputs and the default button (dark 6). */
const DARK_SURFACES = [colors.dark[7], colors.dark[6]];
/** Light scheme surfaces: white, and the grey of hovered rows, table stripes and code (gray 0 and 1). */
const LIGHT_SURFACES = [WHITE, colors.gray[0], colors.gray[1]];

const shades = (tuple: MantineColorsTuple, from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => tuple[from < to ? from + i : from - i]);

/** Per colour and scheme: the colours that carry meaning as text or as a background under white text. */
export interface SchemeColours { text: string; filled: string; filledHover: string; lightColor: string; light: string }

function lightScheme(tuple: MantineColorsTuple): SchemeColours {
  // The light variant: ink of the darkest shades on the colour's own pale shade 1.
  const light = tuple[1];
  const text = readable(shades(tuple, LIGHT_PRIMARY_SHADE, 9), [...LIGHT_SURFACES, light], 'darker');
  const filled = readable(shades(tuple, LIGHT_PRIMARY_SHADE, 9), [WHITE], 'darker');
  return { text, filled, filledHover: toHex(darken(filled, 0.1)), lightColor: text, light };
}

function darkScheme(tuple: MantineColorsTuple): SchemeColours {
  const light = toHex(darken(tuple[9], 0.5));
  const text = readable(shades(tuple, 4, 0), [...DARK_SURFACES, light], 'lighter');
  const filled = readable(shades(tuple, DARK_PRIMARY_SHADE, 9), [WHITE], 'darker');
  return { text, filled, filledHover: toHex(darken(filled, 0.1)), lightColor: readable([tuple[0]], [light], 'lighter'), light };
}

/** Every palette colour's readable colours in both schemes (the theme demo lists them). */
export const schemeColours = Object.fromEntries(keys(colors).map((name) => [
  name, { light: lightScheme(colors[name]), dark: darkScheme(colors[name]) },
])) as Record<string, { light: SchemeColours; dark: SchemeColours }>;

/** Secondary text: Mantine's gray 6 (#868e96) is 3.3:1 on white, its dark 2 is 4.0:1 on dark 7. */
export const DIMMED = {
  light: readable(shades(colors.gray, 6, 9), LIGHT_SURFACES, 'darker'),
  dark: readable(shades(colors.dark, 2, 0), DARK_SURFACES, 'lighter'),
};

function colourVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, both] of Object.entries(schemeColours)) {
    const colour = both[scheme];
    Object.assign(variables, {
      [`--mantine-color-${name}-text`]: colour.text,
      [`--mantine-color-${name}-filled`]: colour.filled,
      [`--mantine-color-${name}-filled-hover`]: colour.filledHover,
      [`--mantine-color-${name}-light`]: colour.light,
      [`--mantine-color-${name}-light-color`]: colour.lightColor,
      [`--mantine-color-${name}-outline`]: colour.text,
    });
  }
  return variables;
}

/** Passed to MantineProvider next to the theme (App.tsx): the readable colours as CSS variables. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...colourVariables('light'),
    '--mantine-color-dimmed': DIMMED.light,
    '--mantine-color-anchor': schemeColours.indigo.light.text,
    '--mantine-color-error': schemeColours.red.light.text,
    '--mantine-color-placeholder': DIMMED.light,
  },
  dark: {
    ...colourVariables('dark'),
    '--mantine-color-dimmed': DIMMED.dark,
    '--mantine-color-anchor': schemeColours.indigo.dark.text,
    '--mantine-color-error': schemeColours.red.dark.text,
    '--mantine-color-placeholder': DIMMED.dark,
  },
});

// Mantine's xs badge writes 9 px; 11 px is the smallest size the app uses for text.
const BADGE_FONT_SIZES: Record<string, string> = { xs: rem(11), sm: rem(11) };

/** What Mantine's components say themselves, in the interface's language (App.tsx: the catalogue's `common`). */
export interface ThemeLabels {
  close: string;
  showPassword: string;
}

const ENGLISH_LABELS: ThemeLabels = { close: 'Close', showPassword: 'Show password' };

/**
 * A component's theme entry with its props checked, as `Component.extend()` would check them, but without
 * importing the component: the theme is in the first chunk, and Modal, Drawer, PasswordInput and the rest
 * are not (decision 044).
 */
function entry<P>(themed: { defaultProps?: Partial<P> } & Omit<MantineThemeComponent, 'defaultProps'>): MantineThemeComponent {
  return themed;
}

function closeButton(label: string) {
  return entry<CloseButtonProps>({ defaultProps: { 'aria-label': label } as Partial<CloseButtonProps> });
}

/** The toggle is a pressed/not pressed button (Mantine sets aria-pressed): its name says what pressing does. */
function passwordInput(label: string) {
  return entry<PasswordInputProps>({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': label } } });
}

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: LIGHT_PRIMARY_SHADE, dark: DARK_PRIMARY_SHADE },
  defaultRadius: 'md',
  // Keyboard focus gets the outline; a mouse click does not (:focus-visible).
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Tooltip: entry<TooltipProps>({ defaultProps: { openDelay: 700, withArrow: true } }),
    ScrollArea: entry<ScrollAreaProps>({ defaultProps: { scrollHideDelay: 600 } }),
    // A table wider than the screen scrolls sideways: its scroll area takes keyboard focus so arrows can scroll it.
    TableScrollContainer: entry<TableScrollContainerProps>({ defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } }),
    // Every close button (dialogs, drawers, toasts, alerts) is named; a caller's own label wins.
    CloseButton: closeButton(ENGLISH_LABELS.close),
    // A password field's show/hide button: Mantine's own name is English ("Toggle password visibility").
    PasswordInput: passwordInput(ENGLISH_LABELS.showPassword),
    Badge: entry<BadgeProps>({
      vars: (_theme: unknown, props: BadgeProps) => ({ root: { '--badge-fz': typeof props.size === 'string' ? BADGE_FONT_SIZES[props.size] : undefined } }),
    }),
    // A spinner is a status: its aria-label ("Loading") is read out, and ARIA allows no label on a bare <span>
    // (axe's aria-prohibited-attr, found on the Admin Portal while a tab was still loading).
    Loader: entry<LoaderProps>({ defaultProps: { role: 'status' } }),
    // Links inside text are told apart by more than colour (WCAG 1.4.1): underlined.
    Anchor: entry<AnchorProps>({ defaultProps: { underline: 'always' } }),
    // The palette's highlighted row: its description was white at 70 % on the primary (3.3:1). A plain key:
    // importing @mantine/spotlight here would pull the palette's chunk into the first one.
    Spotlight: { styles: { actionDescription: { opacity: 1 } } },
    // A toast's description under its title is Mantine's gray 6 / dark 2 (3.3:1), not the dimmed variable.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // A dialog's header is not the page's banner: as <header> outside any landmark it counted as a second one.
    ModalHeader: entry<ModalHeaderProps>({ defaultProps: { component: 'div' } as Partial<ModalHeaderProps> }),
    DrawerHeader: entry<DrawerHeaderProps>({ defaultProps: { component: 'div' } as Partial<DrawerHeaderProps> }),
  },
});

/** The theme with Mantine's own labels (close buttons, the password fields' toggle) in the interface's language (`theme`: English). */
export function themeWithLabels(labels: ThemeLabels) {
  if (labels.close === ENGLISH_LABELS.close && labels.showPassword === ENGLISH_LABELS.showPassword) return theme;
  return mergeThemeOverrides(theme, {
    components: { CloseButton: closeButton(labels.close), PasswordInput: passwordInput(labels.showPassword) },
  });
}
