// What the app needs to run under the page's Content-Security-Policy
// (docs/decisions/010): no eval, and a nonce on every <style> element it adds.
// zod/mini: the same settings as zod's full API, without loading it into the first chunk.
import * as z from 'zod/mini';

// zod 4 probes `new Function` to compile parsers; the policy forbids eval, and the probe alone is a violation.
z.config({ jitless: true });

/**
 * Mantine takes the nonce as a prop (getStyleNonce); react-remove-scroll, under
 * Mantine's modals and drawers, reads it from this global (the get-nonce package).
 */
export function shareStyleNonce(nonce: string | undefined) {
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
