// "Send a test" for each integration, through the same ports the app uses: a tiny chat
// completion, a mail to the user through the configured mail port, a read of the user's
// Outlook calendar, a read of the WhatsApp business number. A provider's refusal comes back as a result in plain words (ok: false);
// only "not configured" and the rate limit are refusals of the request itself.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hit, type RateRule } from '../../platform/http/rate-limit.server.ts';
import { AiProviderError, AiTimeoutError, chat, providerConfigured } from '../ai/provider.server.ts';
import { DomainError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { addressOf, domainOf, senderFrom, type OrganisationSender } from '../mail/compose.server.ts';
import { createMailPort } from '../mail/index.server.ts';
import { MailDeliveryError } from '../../platform/mail/port.server.ts';
import { CalendarError, CalendarRateLimited, type CalendarPort } from '../meetings/calendar-port.ts';
import type { Config } from '../../platform/runtime/config.server.ts';
import { WhatsAppError, type WhatsAppPort } from '../whatsapp/cloud-api.server.ts';
import type { IntegrationKind, IntegrationTestResult } from './schemas.ts';

/** One test per integration per user every 10 s: each sends real mail or spends provider quota. */
export const INTEGRATION_TEST_PER_USER: RateRule = { name: 'integration-test:user', limit: 1, windowSeconds: 10 };

/** An AI test waits at most this long (the drafts' own time-out is a minute). */
export const AI_TEST_TIMEOUT_MS = 20_000;

export class IntegrationRateLimited extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Wait ${retryAfterSeconds} s before sending another test.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Counts one test; throws IntegrationRateLimited when the user sent this kind of test less than 10 s ago. */
export async function limitIntegrationTests(owner: pg.Pool, userId: string, kind: IntegrationKind): Promise<void> {
  const decision = await hit(owner, INTEGRATION_TEST_PER_USER, `${userId}:${kind}`);
  if (!decision.allowed) throw new IntegrationRateLimited(decision.retryAfterSeconds);
}

/** A provider's refusal, in plain words: the test's result, not a failure of the API. */
export class IntegrationFailure extends Error {}

const notConfigured = (message: string) => new DomainError(409, message, 'kind');

/** A credential's failure in words: Entra's AADSTS code and sentence when there is one. */
function credentialProblem(message: string): string | null {
  const aadsts = /AADSTS\d+:[^\r\n.]*\.?/.exec(message);
  if (aadsts) return `Microsoft Entra ID refused the app's credentials: ${aadsts[0].trim()}`;
  if (/ClientSecretCredential|authority|token/i.test(message)) return `Could not get a Microsoft Graph token: ${message.split('\n')[0]}`;
  return null;
}

// --- AI ---

export async function testAi(config: Config['openai']): Promise<string> {
  if (!providerConfigured(config)) throw notConfigured('No AI provider is configured: drafts come from the built-in offline drafter.');
  try {
    const { text, model } = await chat({ ...config, timeoutMs: Math.min(config.timeoutMs, AI_TEST_TIMEOUT_MS) },
      [{ role: 'user', content: 'Reply with the single word OK.' }], { temperature: 0, maxTokens: 16 });
    const said = text.trim().replace(/\s+/g, ' ');
    return `The AI provider answered (model ${model}): "${said.length > 60 ? `${said.slice(0, 60)}…` : said}"`;
  } catch (error) {
    if (error instanceof AiTimeoutError) {
      throw new IntegrationFailure(`The AI provider did not answer within ${Math.round(Math.min(config.timeoutMs, AI_TEST_TIMEOUT_MS) / 1000)} s.`);
    }
    if (error instanceof AiProviderError) throw new IntegrationFailure(error.message);
    throw error;
  }
}

// --- Mail ---

/** A failed send in plain words, from the adapter's error and, for SMTP, nodemailer's own. */
export function mailProblem(error: unknown, via: 'smtp' | 'graph' | 'outbox', server: string): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const smtp = cause as { code?: string; response?: string; responseCode?: number; message?: string };
  if (via === 'smtp') {
    const answer = smtp.response ?? smtp.message ?? String(cause);
    if (/ECONNREFUSED/.test(smtp.message ?? '')) return `Could not connect to the SMTP server at ${server}: nothing answered there (ECONNREFUSED).`;
    switch (smtp.code) {
      case 'EAUTH': return `The SMTP server refused the login: ${answer}`;
      case 'ECONNECTION': case 'ECONNREFUSED': return `Could not connect to the SMTP server at ${server}: ${smtp.message ?? answer}`;
      case 'ETIMEDOUT': return `The SMTP server at ${server} did not answer in time.`;
      case 'EDNS': return `The SMTP server's name could not be found (${server}): ${smtp.message ?? answer}`;
      case 'ETLS': case 'ESOCKET': return `The connection to the SMTP server at ${server} failed: ${smtp.message ?? answer}`;
      default:
        if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 500) return `The SMTP server refused the test mail: ${answer}`;
        if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 400) return `The SMTP server deferred the test mail (try again later): ${answer}`;
        return `The SMTP server at ${server} failed: ${answer}`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (via === 'graph') {
    const credentials = credentialProblem(`${message}\n${cause instanceof Error ? cause.message : ''}`);
    if (credentials) return credentials;
    const status = /Microsoft Graph (\d{3}): (.*)/s.exec(message);
    if (status) return `Microsoft Graph refused to send the test mail (${status[1]}): ${status[2]}`;
    return `Microsoft Graph could not send the test mail: ${message}`;
  }
  return `The dev outbox could not store the test mail: ${message}`;
}

export interface MailTestInput {
  config: Pick<Config, 'smtp' | 'graph' | 'mail'>;
  /** Where the dev outbox writes. */
  app: pg.Pool;
  to: { name: string; address: string };
  organisation: OrganisationSender | null;
}

export async function testMail({ config, app, to, organisation }: MailTestInput): Promise<string> {
  const port = createMailPort(config, app);
  const from = senderFrom(config.smtp.from, organisation, port.kind);
  const server = port.kind === 'smtp' ? smtpServer(config.smtp.url!) : port.kind === 'graph' ? config.graph.mailbox! : 'the dev outbox';
  const text = `This is a test from Talentloop (Settings → Integrations), sent to ${to.address}.\n\nIf you can read this, mail works.`;
  try {
    await port.send({
      messageRowId: null,
      messageId: `<talentloop.test.${randomUUID()}@${domainOf(from)}>`,
      from,
      to,
      replyTo: config.mail.replyTo ?? addressOf(from),
      subject: 'Talentloop test mail',
      text,
      html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>`,
      headers: {},
    });
  } catch (error) {
    if (error instanceof MailDeliveryError || port.kind !== 'outbox') throw new IntegrationFailure(mailProblem(error, port.kind, server));
    throw error;
  } finally {
    await port.close();
  }
  if (port.kind === 'outbox') return `The test mail to ${to.address} is in the dev outbox (no mail service is configured, so nothing left the app).`;
  if (port.kind === 'graph') return `Microsoft Graph accepted the test mail from ${server} to ${to.address}.`;
  return `The SMTP server at ${server} accepted the test mail to ${to.address}.`;
}

function smtpServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
  } catch {
    return 'SMTP_URL';
  }
}

// --- Teams / Outlook ---

/** Reads the next hour of the user's calendar: proves the token, the permission and the mailbox, and changes nothing. */
export async function testTeams(calendar: CalendarPort | null | undefined, mailbox: string, now = new Date()): Promise<string> {
  if (!calendar) throw notConfigured('Microsoft Graph is not configured: meetings are confirmed by email without a Teams link.');
  const to = new Date(now.getTime() + 60 * 60_000);
  try {
    const busy = await calendar.busyTimes(mailbox, now.toISOString(), to.toISOString());
    return `Microsoft Graph read the Outlook calendar of ${mailbox}: ${busy.length === 0 ? 'free' : `${busy.length} busy time${busy.length === 1 ? '' : 's'}`} in the next hour.`;
  } catch (error) {
    if (error instanceof CalendarRateLimited) {
      throw new IntegrationFailure(`Microsoft Graph asked to wait ${error.retryAfterSeconds} s (too many requests). Try again then.`);
    }
    if (error instanceof CalendarError) throw new IntegrationFailure(calendarProblem(error.message, mailbox));
    throw error;
  }
}

function calendarProblem(message: string, mailbox: string): string {
  const status = /^Microsoft Graph (\d{3}): (.*)$/s.exec(message);
  if (!status) return credentialProblem(message) ?? message;
  const [, code, detail] = status;
  if (code === '401' || code === '403') return `Microsoft Graph refused to read the calendar of ${mailbox} (${code}): ${detail}`;
  if (code === '404') return `Microsoft Graph found no mailbox ${mailbox} (404): ${detail} Is your profile email your Microsoft 365 address?`;
  return `Microsoft Graph could not read the calendar of ${mailbox} (${code}): ${detail}`;
}

// --- WhatsApp ---

/** Reads the business number's profile: proves the token and the phone number id, and sends nothing. */
export async function testWhatsApp(port: WhatsAppPort): Promise<string> {
  if (!port.configured()) throw notConfigured('WhatsApp is not configured, so there is nothing to test.');
  try {
    const { displayPhoneNumber, verifiedName } = await port.phoneNumber();
    const number = [displayPhoneNumber, verifiedName && `(${verifiedName})`].filter(Boolean).join(' ');
    return `The WhatsApp Cloud API answered for the business number${number ? ` ${number}` : ''}; no message was sent.`;
  } catch (error) {
    if (error instanceof WhatsAppError) throw new IntegrationFailure(error.message);
    throw error;
  }
}

// --- Running one ---

export async function runIntegrationTest(kind: IntegrationKind, run: () => Promise<string>): Promise<IntegrationTestResult> {
  const started = Date.now();
  const done = (ok: boolean, message: string): IntegrationTestResult =>
    ({ kind, ok, message, durationMs: Date.now() - started, testedAt: new Date().toISOString() });
  try {
    return done(true, await run());
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof IntegrationFailure) return done(false, error.message);
    // Anything else is still the provider's answer to the admin, never a 500.
    console.warn(`Integration test ${kind} failed unexpectedly:`, error);
    return done(false, `The test failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
