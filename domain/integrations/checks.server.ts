// "Send a test" for each integration, through the same ports the app uses: a tiny chat
// completion, a mail to the user through the configured mail port, a read of the user's
// Outlook calendar, a read of the WhatsApp business number. A provider's refusal comes back as a result in plain words (ok: false);
// only "not configured" and the rate limit are refusals of the request itself.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hit, type RateRule } from '../../platform/http/rate-limit.server.ts';
import { AiProviderError, AiTimeoutError, chat, providerConfigured } from '../ai/provider.server.ts';
import { DomainError } from '../errors.ts';
import { sayState, stateCoded, type Said, type StateSaid } from '../i18n/codes.ts';
import { englishState } from '../i18n/english.ts';
import { escapeHtml } from '../html.ts';
import { addressOf, domainOf, senderFrom, type OrganisationSender } from '../mail/compose.server.ts';
import { createMailPort } from '../mail/index.server.ts';
import { MailDeliveryError } from '../../platform/mail/port.server.ts';
import { CalendarError, CalendarRateLimited, type CalendarPort } from '../meetings/calendar-port.ts';
import type { Config } from '../../platform/runtime/config.server.ts';
import { WhatsAppError, type WhatsAppPort } from '../whatsapp/cloud-api.server.ts';
import type { IntegrationKind, IntegrationTestResult } from './schemas.ts';
import { safeAddress } from '../url.ts';

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

/** A provider's refusal, in plain words (a code of the catalogue's states, decision 032): the test's result, not a failure of the API. */
export class IntegrationFailure extends Error {
  readonly said: StateSaid;
  constructor(said: StateSaid) {
    super(englishState(said));
    this.said = said;
  }
}

const notConfigured = (said: Said) => new DomainError(409, said, 'kind');

/** A credential's failure in words: Entra's AADSTS code and sentence when there is one. */
function credentialProblem(message: string): StateSaid | null {
  const aadsts = /AADSTS\d+:[^\r\n.]*\.?/.exec(message);
  if (aadsts) return sayState('integrationTests.entra_refused', { detail: aadsts[0].trim() });
  if (/ClientSecretCredential|authority|token/i.test(message)) return sayState('integrationTests.graph_no_token', { detail: message.split('\n')[0] });
  return null;
}

// --- AI ---

export async function testAi(config: Config['openai']): Promise<StateSaid> {
  if (!providerConfigured(config)) throw notConfigured('ai_not_configured');
  try {
    const { text, model } = await chat({ ...config, timeoutMs: Math.min(config.timeoutMs, AI_TEST_TIMEOUT_MS) },
      [{ role: 'user', content: 'Reply with the single word OK.' }], { temperature: 0, maxTokens: 16 });
    const said = text.trim().replace(/\s+/g, ' ');
    return sayState('integrationTests.ai_answered', { model, said: said.length > 60 ? `${said.slice(0, 60)}…` : said });
  } catch (error) {
    if (error instanceof AiTimeoutError) {
      throw new IntegrationFailure(sayState('integrationTests.ai_no_answer', { seconds: Math.round(Math.min(config.timeoutMs, AI_TEST_TIMEOUT_MS) / 1000) }));
    }
    if (error instanceof AiProviderError) throw new IntegrationFailure(sayState('integrationTests.provider_said', { detail: error.message }));
    throw error;
  }
}

// --- Mail ---

/** A failed send in plain words, from the adapter's error and, for SMTP, nodemailer's own. */
export function mailProblem(error: unknown, via: 'smtp' | 'graph' | 'outbox', server: string): StateSaid {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const smtp = cause as { code?: string; response?: string; responseCode?: number; message?: string };
  if (via === 'smtp') {
    const answer = smtp.response ?? smtp.message ?? String(cause);
    if (/ECONNREFUSED/.test(smtp.message ?? '')) return sayState('integrationTests.smtp_refused_connection', { server });
    switch (smtp.code) {
      case 'EAUTH': return sayState('integrationTests.smtp_login_refused', { detail: answer });
      case 'ECONNECTION': case 'ECONNREFUSED': return sayState('integrationTests.smtp_no_connection', { server, detail: smtp.message ?? answer });
      case 'ETIMEDOUT': return sayState('integrationTests.smtp_timeout', { server });
      case 'EDNS': return sayState('integrationTests.smtp_dns', { server, detail: smtp.message ?? answer });
      case 'ETLS': case 'ESOCKET': return sayState('integrationTests.smtp_connection_failed', { server, detail: smtp.message ?? answer });
      default:
        if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 500) return sayState('integrationTests.smtp_refused_mail', { detail: answer });
        if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 400) return sayState('integrationTests.smtp_deferred', { detail: answer });
        return sayState('integrationTests.smtp_failed', { server, detail: answer });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (via === 'graph') {
    const credentials = credentialProblem(`${message}\n${cause instanceof Error ? cause.message : ''}`);
    if (credentials) return credentials;
    const status = /Microsoft Graph (\d{3}): (.*)/s.exec(message);
    if (status) return sayState('integrationTests.graph_refused_mail', { status: status[1], detail: status[2] });
    return sayState('integrationTests.graph_mail_failed', { detail: message });
  }
  return sayState('integrationTests.outbox_failed', { detail: message });
}

export interface MailTestInput {
  config: Pick<Config, 'smtp' | 'graph' | 'mail'>;
  /** Where the dev outbox writes. */
  app: pg.Pool;
  to: { name: string; address: string };
  organisation: OrganisationSender | null;
}

export async function testMail({ config, app, to, organisation }: MailTestInput): Promise<StateSaid> {
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
  if (port.kind === 'outbox') return sayState('integrationTests.mail_outbox', { to: to.address });
  if (port.kind === 'graph') return sayState('integrationTests.mail_graph_sent', { mailbox: server, to: to.address });
  return sayState('integrationTests.mail_smtp_sent', { server, to: to.address });
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
export async function testTeams(calendar: CalendarPort | null | undefined, mailbox: string, now = new Date()): Promise<StateSaid> {
  if (!calendar) throw notConfigured('teams_not_configured');
  const to = new Date(now.getTime() + 60 * 60_000);
  try {
    const busy = await calendar.busyTimes(mailbox, now.toISOString(), to.toISOString());
    return busy.length === 0 ? sayState('integrationTests.calendar_free', { mailbox })
      : sayState('integrationTests.calendar_busy', { mailbox, count: busy.length });
  } catch (error) {
    if (error instanceof CalendarRateLimited) {
      throw new IntegrationFailure(sayState('integrationTests.graph_wait', { seconds: error.retryAfterSeconds }));
    }
    if (error instanceof CalendarError) throw new IntegrationFailure(calendarProblem(error.message, mailbox));
    throw error;
  }
}

function calendarProblem(message: string, mailbox: string): StateSaid {
  const status = /^Microsoft Graph (\d{3}): (.*)$/s.exec(message);
  if (!status) return credentialProblem(message) ?? sayState('integrationTests.provider_said', { detail: message });
  const [, code, detail] = status;
  if (code === '401' || code === '403') return sayState('integrationTests.calendar_refused', { mailbox, status: code, detail });
  if (code === '404') return sayState('integrationTests.calendar_no_mailbox', { mailbox, detail });
  return sayState('integrationTests.calendar_failed', { mailbox, status: code, detail });
}

// --- WhatsApp ---

/** Reads the business number's profile: proves the token and the phone number id, and sends nothing. */
export async function testWhatsApp(port: WhatsAppPort): Promise<StateSaid> {
  if (!port.configured()) throw notConfigured('whatsapp_nothing_to_test');
  try {
    const { displayPhoneNumber, verifiedName } = await port.phoneNumber();
    const number = [displayPhoneNumber, verifiedName && `(${verifiedName})`].filter(Boolean).join(' ');
    return sayState('integrationTests.whatsapp_answered', { number: number ? ` ${number}` : '' });
  } catch (error) {
    if (error instanceof WhatsAppError) throw new IntegrationFailure(sayState('integrationTests.provider_said', { detail: error.message }));
    throw error;
  }
}

// --- Sign-in ---

/** Asks Supabase Auth's health endpoint, with the project's public key: proves the address and the key, and changes nothing. */
export async function testSignIn(supabase: Config['supabase']): Promise<StateSaid> {
  if (!supabase) throw notConfigured('signin_nothing_to_test');
  const server = safeAddress(supabase.url);
  let response: Response;
  try {
    response = await fetch(`${supabase.url}/auth/v1/health`, { headers: { apikey: supabase.anonKey }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new IntegrationFailure(sayState('integrationTests.signin_unreachable', { server, detail: error instanceof Error ? error.message : String(error) }));
  }
  const text = await response.text();
  if (!response.ok) {
    throw new IntegrationFailure(sayState('integrationTests.signin_refused', { server, status: response.status, detail: text.slice(0, 200) }));
  }
  const health = (() => { try { return JSON.parse(text) as { name?: string; version?: string }; } catch { return {}; } })();
  return sayState('integrationTests.signin_answered', { server, name: health.name ?? 'GoTrue', version: health.version ?? '' });
}

// --- Running one ---

export async function runIntegrationTest(kind: IntegrationKind, run: () => Promise<StateSaid>): Promise<IntegrationTestResult> {
  const started = Date.now();
  const done = (ok: boolean, said: StateSaid): IntegrationTestResult => {
    const { code, params } = stateCoded(said);
    return { kind, ok, message: englishState(said), code, ...(params ? { params } : {}), durationMs: Date.now() - started, testedAt: new Date().toISOString() };
  };
  try {
    return done(true, await run());
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof IntegrationFailure) return done(false, error.said);
    // Anything else is still the provider's answer to the admin, never a 500.
    console.warn(`Integration test ${kind} failed unexpectedly:`, error);
    return done(false, sayState('integrationTests.failed', { detail: error instanceof Error ? error.message : String(error) }));
  }
}
