// A WhatsApp template's body as Meta holds it ("Hoi {{1}}, …"): what the candidate
// will read with the parameters typed so far, and how many parameters it takes.
// Browser-safe: the template fields' preview and the API's checks use the same.

const PARAMETER = /\{\{\s*(\d{1,2})\s*\}\}/g;

/** The body with {{n}} replaced by the n-th parameter; a parameter still empty stays {{n}}. */
export function fillTemplateBody(body: string, parameters: readonly string[]): string {
  return body.replace(PARAMETER, (placeholder, n: string) => parameters[Number(n) - 1]?.trim() || placeholder);
}

/** How many parameters the body takes: its highest {{n}} (Meta numbers them from 1 without gaps). */
export function templateBodyParameters(body: string): number {
  return Math.max(0, ...[...body.matchAll(PARAMETER)].map((match) => Number(match[1])));
}
