// What the app needs to run under the page's Content-Security-Policy
// (docs/decisions/010): no eval, and a nonce on every <style> element it adds.

// zod 4 probes `new Function` to compile parsers; the policy forbids eval, and the probe alone is a violation.
// zod keeps its settings on globalThis.__zod_globalConfig (the same object for zod/mini and the full API,
// whichever chunk loads zod first), so this sets `jitless` without zod in the first chunk (decision 052);
// tests/unit/app/search-parsers.test.ts checks that zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

/**
 * Mantine takes the nonce as a prop (getStyleNonce); react-remove-scroll, under
 * Mantine's modals and drawers, reads it from this global (the get-nonce package).
 */
export function shareStyleNonce(nonce: string | undefined) {
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
