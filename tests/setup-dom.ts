// Browser APIs that Mantine expects and jsdom lacks, plus cleanup() after each
// test. Harmless in a node environment (everything is behind a window check).
//
// The page tests share a worker's modules (`isolate: false`, decision 026): the app's module-level state
// (the interface language, the palette's and the panels' stores, the toasts, the replaced page loads) lives
// on from one test file to the next, so every test ends by putting it back as a fresh page load has it.
import { afterEach, vi } from 'vitest';

// jsdom cannot load another page: sign-in, two-factor and sign-out go through this module, replaced for
// every file (tests import `assignLocation` and `replaceLocation` to see where the app sent the user).
// This file runs again for each test file, and the factory with it; the app's modules keep the replacement
// they were first given, so every run of the factory hands out the same two mocks.
vi.mock('#app/lib/browserNavigation.ts', () => {
  const shared = globalThis as { browserNavigationMock?: { assignLocation: (url: string) => void; replaceLocation: (url: string) => void } };
  shared.browserNavigationMock ??= { assignLocation: vi.fn(), replaceLocation: vi.fn() };
  return shared.browserNavigationMock;
});

if (typeof window !== 'undefined') {
  const { act, cleanup, configure } = await import('@testing-library/react');
  const { activeLanguage, loadEnglish, setInterfaceLanguage } = await import('#app/i18n/i18n.ts');
  const { LANGUAGE_KEY } = await import('#app/prePaint.ts');
  const { assignLocation, replaceLocation } = await import('#app/lib/browserNavigation.ts');
  const { resetCommandPalette } = await import('#app/palette/paletteStore.ts');
  const { closeAllPanels } = await import('#app/drawers/drawerStore.ts');
  const { notifications } = await import('@mantine/notifications');
  // The browser loads each page's English with the page (decision 044); a test renders a page's parts alone.
  await loadEnglish();
  afterEach(async () => {
    cleanup();
    // A test that saved Dutch leaves the next one in English, with nothing remembered.
    if (activeLanguage() !== 'en') await setInterfaceLanguage('en');
    localStorage.removeItem(LANGUAGE_KEY);
    // What a test left open or queued (a palette query, a compose panel, a toast) is not the next one's.
    act(() => {
      resetCommandPalette();
      closeAllPanels();
      notifications.clean();
      notifications.cleanQueue();
    });
    vi.mocked(assignLocation).mockClear();
    vi.mocked(replaceLocation).mockClear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  // findBy/waitFor wait for what a user would see; 1 s (the default) is a speed limit on 2 busy cores, where
  // these run beside the API and browser tests (decision 026). A bound for a hang, not a retry: each still
  // fails on the first wrong answer that stays wrong.
  configure({ asyncUtilTimeout: 5_000 });

  // jsdom's getComputedStyle warns on pseudo-elements; Mantine asks for them.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
  window.scrollTo = (() => {});

  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
}
