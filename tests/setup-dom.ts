// Browser APIs that Mantine expects and jsdom lacks, plus cleanup() after each
// test. Harmless in a node environment (everything is behind a window check).
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  const { activeLanguage, loadEnglish, setInterfaceLanguage } = await import('#app/i18n/i18n.ts');
  const { LANGUAGE_KEY } = await import('#app/prePaint.ts');
  // The browser loads each page's English with the page (decision 044); a test renders a page's parts alone.
  await loadEnglish();
  afterEach(async () => {
    cleanup();
    // A test that saved Dutch leaves the next one in English, with nothing remembered.
    if (activeLanguage() !== 'en') await setInterfaceLanguage('en');
    localStorage.removeItem(LANGUAGE_KEY);
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
