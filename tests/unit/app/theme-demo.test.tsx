// /app/theme-demo: every colour pair it shows is labelled with a ratio that reaches AA,
// the app's own badges appear (not copies), a toast of each variant shows, and the
// light/dark switch changes Mantine's colour scheme.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeDemoPage } from '#app/pages/ThemeDemoPage.tsx';
import { renderAt } from './renderWithProviders.tsx';

afterEach(cleanup);

describe('theme demo page', () => {
  it('labels each colour pair with its ratio, all AA, and names the document', () => {
    renderAt('/app/theme-demo', <ThemeDemoPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Theme demo' })).toBeTruthy();
    expect(document.title).toBe('Theme demo · Talentloop');
    const ratios = screen.getAllByTestId('contrast-ratio').map((element) => element.textContent);
    expect(ratios.length).toBe(2 + 9 * 3);
    for (const ratio of ratios) expect(ratio).toMatch(/^\d+\.\d:1 AAA?$/);
  });

  it('shows the app’s sentiment, consent and engagement badges', () => {
    renderAt('/app/theme-demo', <ThemeDemoPage />);
    expect(screen.getAllByTestId('sentiment-badge').map((badge) => badge.dataset.sentiment))
      .toEqual(['positive', 'neutral', 'negative', 'other', 'none']);
    expect(screen.getAllByTestId('engagement-band').map((badge) => badge.dataset.band)).toEqual(['cold', 'warm', 'hot']);
    // Consent: both channels, email only, and none.
    expect(screen.getAllByText('WhatsApp', { selector: '.mantine-Badge-label' })).toHaveLength(1);
    expect(screen.getAllByText('Email', { selector: '.mantine-Badge-label' })).toHaveLength(2);
    expect(screen.getByText('None')).toBeTruthy();
  });

  it('shows a toast of each variant through the app’s toast API', async () => {
    renderAt('/app/theme-demo', <ThemeDemoPage />);
    for (const variant of ['default', 'destructive', 'success', 'warning', 'info']) {
      fireEvent.click(screen.getByRole('button', { name: `Show ${variant} toast` }));
      const title = `${variant[0].toUpperCase()}${variant.slice(1)} toast`;
      await waitFor(() => expect(screen.getByText(title)).toBeTruthy());
      expect(document.querySelector(`[data-variant="${variant}"].mantine-Notification-root`)).toBeTruthy();
    }
  });

  it('switches the whole app between light and dark', async () => {
    renderAt('/app/theme-demo', <ThemeDemoPage />);
    const switcher = screen.getByRole('radiogroup', { name: 'Colour scheme' });
    fireEvent.click(within(switcher).getByLabelText('Dark'));
    await waitFor(() => expect(document.documentElement.dataset.mantineColorScheme).toBe('dark'));
    fireEvent.click(within(switcher).getByLabelText('Light'));
    await waitFor(() => expect(document.documentElement.dataset.mantineColorScheme).toBe('light'));
  });
});
