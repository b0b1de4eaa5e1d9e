// Text as a search compares it: lower case, without accents ("Zoë" finds "zoe"). Browser-safe.

export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
