// Words for the consent ledger's channels and sources, in the interface's language
// (read while rendering; Admin's suppression list shows the sources too).
import { i18n } from '#app/i18n/i18n.ts';
import { people } from '#domain/i18n/en/people.ts';

export function channelLabel(channel: string): string {
  if (channel === 'email' || channel === 'whatsapp') return i18n.t(`people.channels.${channel}`);
  return channel;
}

export function sourceLabel(source: string): string {
  return Object.hasOwn(people.consent.sources, source)
    ? i18n.t(`people.consent.sources.${source as keyof typeof people.consent.sources}`)
    : source;
}
