// Addresses as Talentloop shows them.

/** An address without what may be secret in it (user, password, query): "https://api.example.com/v1". */
export function safeAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an address that could not be read';
  }
}
