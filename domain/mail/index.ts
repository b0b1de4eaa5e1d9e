// Picks the mail adapter from configuration: SMTP_URL, else Microsoft Graph,
// else the dev outbox (so the product works offline).
import type pg from 'pg';
import type { Config } from '../runtime/config.ts';
import { createGraphMail, graphConfigured } from './graph.ts';
import { createOutboxMail } from './outbox.ts';
import { createSmtpMail } from './smtp.ts';
import type { MailPort } from './port.ts';

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
