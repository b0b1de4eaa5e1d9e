/**
 * "Re: " + subject, unless it already starts so (spec §5). Any case of "re:"
 * counts, as on the server (domain/messages.ts), so "RE: x" stays "RE: x".
 */
export function withReplyPrefix(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}
