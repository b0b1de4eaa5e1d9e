// Comparing a secret someone sent with ours without telling, by the time it takes, how much matched.
import { createHash, timingSafeEqual } from 'node:crypto';

export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
