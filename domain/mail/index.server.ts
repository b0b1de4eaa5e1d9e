// Picks the mail adapter from configuration: SMTP_URL, else Microsoft Graph,
// else the dev outbox (so the product works offline).
import type pg from 'pg';
import type { Config } from '../../platform/runtime/config.server.ts';
import { createGraphMail, graphConfigured } from '../../platform/mail/graph.server.ts';
import { createOutboxMail } from './outbox.server.ts';
import { createSmtpMail } from '../../platform/mail/smtp.server.ts';
import type { MailPort } from '../../platform/mail/port.server.ts';

export type MailKind = MailPort['kind'];

export function mailKind(config: Pick<Config, 'smtp' | 'graph'>): MailKind {
  if (config.smtp.url) return 'smtp';
  if (graphConfigured(config.graph)) return 'graph';
  return 'outbox';
}

export function createMailPort(config: Pick<Config, 'smtp' | 'graph'>, app: pg.Pool): MailPort {
  switch (mailKind(config)) {
    case 'smtp': return createSmtpMail(config.smtp.url!);
    case 'graph': return createGraphMail(config.graph);
    default: return createOutboxMail(app);
  }
}
