// The subject of a reply (spec §5): "Re: " + the original's subject, unless it
// already starts so, in any case ("RE: x" stays "RE: x"). One rule for the
// server (a reply's stored subject, the dev outbox's "reply as the candidate")
// and the browser (the reply drawer). Browser-safe: no imports.

export function replySubject(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}
