// SMTP (SMTP_URL, e.g. smtp://user:pass@host:587): each message composed by nodemailer into bytes, then sent
// over a pool of nodemailer's SMTP connections (./smtp-connections.server.ts, decision 066).
import { buildMessage, MailDeliveryError, type MailPort } from './port.server.ts';
import { createSmtpConnections } from './smtp-connections.server.ts';

interface SmtpFailure { responseCode?: number; code?: string; response?: string; message: string }

/** 5xx answers are final; 4xx, time-outs and connection trouble are worth retrying. */
export function smtpFailure(error: unknown): MailDeliveryError {
  const failure = error as SmtpFailure;
  const permanent = typeof failure.responseCode === 'number' && failure.responseCode >= 500;
  const detail = failure.response ?? failure.message;
  return new MailDeliveryError(`SMTP ${failure.responseCode ?? failure.code ?? 'error'}: ${detail}`, permanent, { cause: error });
}

/** The pool's connections; the worker keeps as many sends in flight (worker/jobs/mail.ts). */
export const SMTP_CONNECTIONS = 5;

export function createSmtpMail(url: string, options: { maxConnections?: number } = {}): MailPort {
  const connections = createSmtpConnections(url, {
    maxConnections: options.maxConnections ?? SMTP_CONNECTIONS,
    // Bounded: a send that hangs holds one of the worker's few send slots.
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const { raw, envelope } = await buildMessage(mail);
        await connections.send(envelope, raw);
        return { providerMessageId: mail.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close() {
      connections.close();
      return Promise.resolve();
    },
  };
}
