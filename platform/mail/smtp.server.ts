// SMTP through nodemailer's connection pool (SMTP_URL, e.g. smtp://user:pass@host:587).
import nodemailer from 'nodemailer';
import { composerOptions, MailDeliveryError, type MailPort } from './port.server.ts';

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
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? SMTP_CONNECTIONS,
    maxMessages: Infinity,
    // Bounded: a send that hangs holds one of the worker's few send slots.
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail(composerOptions(mail));
        return { providerMessageId: mail.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
