// The theme's contrast rule (site/app/theme.ts): every colour the app draws text
// or white-on-colour with reaches WCAG AA in both schemes, and the dimmed grey too.
// Also: a page's h1 names the document (useDocumentTitle through PageHeader).
import { CloseButton, DEFAULT_THEME, Loader, MantineProvider, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { PageHeader } from '#app/pages/PageHeader.tsx';
import { BAND_COLOURS } from '#app/lib/engagementBands.ts';
import { AA, contrastLabel, contrastRatio, cssVariablesResolver, DIMMED, schemeColours, theme, themeWithLabels } from '#app/theme.ts';
import { en } from '#domain/i18n/en.ts';
import { nl } from '#domain/i18n/nl.ts';
import { Providers, testQueryClient } from './renderWithProviders.tsx';

afterEach(cleanup);

const { colors } = DEFAULT_THEME;

describe('contrast', () => {
  it('computes WCAG ratios and labels them', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The two findings: Mantine's grey secondary text and white on indigo 6.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#4c6ef5')).toBeCloseTo(4.32, 2);
    expect(contrastLabel(7.16)).toBe('7.1:1 AAA');
    expect(contrastLabel(4.5)).toBe('4.5:1 AA');
    expect(contrastLabel(3.32)).toBe('3.3:1 AA large only');
    expect(contrastLabel(2.1)).toBe('2.1:1 fails');
  });

  it('every colour reaches AA as text, as light-variant ink and under white text, in both schemes', () => {
    for (const [name, both] of Object.entries(schemeColours)) {
      for (const background of ['#ffffff', colors.gray[0], colors.gray[1], both.light.light]) {
        expect(contrastRatio(both.light.text, background), `${name} text on ${background}`).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio('#ffffff', both.light.filled), `white on ${name} filled`).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio('#ffffff', both.dark.filled), `white on ${name} filled (dark)`).toBeGreaterThanOrEqual(AA);
      for (const background of [colors.dark[7], colors.dark[6], both.dark.light]) {
        expect(contrastRatio(both.dark.text, background), `${name} text on ${background} (dark)`).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio(both.dark.lightColor, both.dark.light), `${name} light variant (dark)`).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(DIMMED.light, colors.gray[1])).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(DIMMED.dark, colors.dark[6])).toBeGreaterThanOrEqual(AA);
  });

  it('each engagement band: its badge text reaches AA on the badge, its bar 3:1 on white', () => {
    for (const [band, colours] of Object.entries(BAND_COLOURS)) {
      expect(contrastRatio(colours.text, colours.background), `${band} badge`).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(colours.bar, '#ffffff'), `${band} bar`).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps each colour as light as AA allows: indigo stays in its own palette, not pushed to black', () => {
    // On its pale tint (indigo 1) indigo 7 and 8 fall short; 9 is the first that passes.
    expect(schemeColours.indigo.light.text).toBe(colors.indigo[9]);
    expect(schemeColours.indigo.light.filled).toBe(colors.indigo[7]);
    expect(DIMMED.light).toBe(colors.gray[7]);
  });

  it('hands the readable colours to Mantine as CSS variables', () => {
    const resolved = cssVariablesResolver(theme as never);
    expect(resolved.light['--mantine-color-dimmed']).toBe(DIMMED.light);
    expect(resolved.light['--mantine-color-green-filled']).toBe(schemeColours.green.light.filled);
    expect(resolved.dark['--mantine-color-red-text']).toBe(schemeColours.red.dark.text);
  });
});

describe('loaders', () => {
  it('a spinner is a status named by its label, wherever it is drawn', () => {
    render(<Providers client={testQueryClient()}><Loader aria-label="Loading candidates" /></Providers>);
    expect(screen.getByRole('status', { name: 'Loading candidates' })).toBeTruthy();
  });
});

describe('Mantine\'s own labels', () => {
  it('a close button and a password field\'s show/hide button are named in the interface\'s language', () => {
    for (const { common } of [en, nl]) {
      const { unmount } = render(
        <MantineProvider theme={themeWithLabels(common)} env="test">
          <CloseButton />
          <PasswordInput label="Password" />
        </MantineProvider>,
      );
      expect(screen.getByRole('button', { name: common.close })).toBeTruthy();
      expect(screen.getByRole('button', { name: common.showPassword }).getAttribute('aria-pressed')).toBe('false');
      unmount();
    }
  });
});

describe('document title', () => {
  it('a page header names the document after the page', () => {
    const { unmount } = render(<Providers client={testQueryClient()}><PageHeader title="People" /></Providers>);
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(document.title).toBe('People · Talentloop');
    unmount();
    expect(document.title).toBe('Talentloop');
  });
});
