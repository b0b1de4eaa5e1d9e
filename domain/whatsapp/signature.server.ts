// Meta signs each webhook delivery with the app secret (WHATSAPP_APP_SECRET).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function validSignature(raw: Uint8Array, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}
