// Which mailbox an address reaches: the key the suppression list compares
// (decision 008, amended 2026-11-28). The database's public.mailbox_key()
// (migration 20261128000100) is the rule; this mirrors it step for step, and
// tests/db/mailbox-key.test.ts runs both over the same cases.
// Browser-safe: no imports.

/** Gmail ignores dots in the user part, and googlemail.com is the same service. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * `Local+Tag@Example.com ` → `local@example.com` (RFC 5233 sub-addressing);
 * `First.Last+x@googlemail.com` → `firstlast@gmail.com`. Only ASCII letters are
 * lower-cased and only spaces trimmed, as PostgreSQL's btrim and lower(… collate "C") do,
 * so the key is the same in every database locale and here. Text without an `@`
 * is only trimmed and lower-cased.
 */
export function mailboxKey(email: string): string {
  const address = email.replace(/^ +| +$/g, '').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  // A "+" that starts the local part has no user before it: folding it would join unrelated addresses.
  const plus = local.indexOf('+');
  const user = plus > 0 ? local.slice(0, plus) : local;
  return GMAIL_DOMAINS.has(domain) ? `${user.replaceAll('.', '')}@gmail.com` : `${user}@${domain}`;
}
