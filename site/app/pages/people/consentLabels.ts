// Words for the consent ledger's channels and sources.

export function channelLabel(channel: string): string {
  if (channel === 'email') return 'Email';
  if (channel === 'whatsapp') return 'WhatsApp';
  return channel;
}

const SOURCES: Record<string, string> = {
  recruiter: 'Recruiter',
  import: 'CSV import',
  unsubscribe_link: 'Unsubscribe page',
  one_click: 'One-click unsubscribe',
  list_unsubscribe_mailto: 'Unsubscribe by email',
  reply: 'Reply',
  whatsapp_reply: 'WhatsApp reply',
  complaint: 'Spam complaint',
  bounce: 'Bounce',
  suppression: 'Suppression list',
  candidate: 'Candidate',
  seed: 'Demo data',
  system: 'System',
};

export function sourceLabel(source: string): string {
  return SOURCES[source] ?? source;
}
