// What Settings → Integrations shows: how each service is configured (platform/runtime/config.ts),
// read from the same checks the app itself uses, with addresses but never a secret. Every text is
// the catalogue's (decision 032): a state's `code` names its mode and summary (en.states.integrations),
// a detail its label and, when they are words of ours, its value; the English is answered beside them.
import { providerConfigured } from '../ai/provider.server.ts';
import { mailKind } from '../mail/index.server.ts';
import type { Config } from '../../platform/runtime/config.server.ts';
import type { WhatsAppState } from '../whatsapp/schemas.ts';
import type { IntegrationKind, IntegrationState } from './schemas.ts';
import { safeAddress } from '../url.ts';
import { coded, sayState, type ErrorCode, type StateCoded } from '../i18n/codes.ts';
import type { en } from '../i18n/en.ts';
import { englishState, englishText, stateDetail, stateDetailSaid, type StateDetail } from '../i18n/english.ts';
import { reminderTemplate } from '../meetings/meeting-reminders.server.ts';

/** Why "Send a test" can do nothing: the English text and its code (errors.<code>). */
const notTestable = (code: ErrorCode) => ({ testable: false, notTestable: englishText({ code }), notTestableCode: code });
const testable = { testable: true, notTestable: null, notTestableCode: null };

type States = typeof en.states.integrations;

/** The name, mode and summary of a kind in a state (en.states.integrations.<kind>.<state>). */
function texts<K extends IntegrationKind>(kind: K, state: keyof States[K] & string) {
  const code = `integrations.${kind}.${state}`;
  return {
    kind,
    name: englishState(`integrations.names.${kind}`),
    code,
    mode: englishState(`${code}.mode` as never),
    summary: englishState(`${code}.summary` as never),
  };
}

function aiState(config: Config['openai']): IntegrationState {
  if (!providerConfigured(config)) {
    return { ...texts('ai', 'fallback'), status: 'fallback', details: [], ...notTestable('ai_nothing_to_test') };
  }
  return {
    ...texts('ai', 'configured'), status: 'configured',
    details: [
      stateDetail('server', safeAddress(config.baseURL ?? 'https://api.openai.com/v1')),
      stateDetail('model', config.model),
      stateDetailSaid('apiKey', config.apiKey ? 'integrations.values.setNotShown' : 'integrations.values.none'),
    ],
    ...testable,
  };
}

function mailState(config: Pick<Config, 'smtp' | 'graph'>): IntegrationState {
  const from = stateDetail('from', config.smtp.from);
  switch (mailKind(config)) {
    case 'smtp': {
      let server = stateDetailSaid('server', 'integrations.values.smtpUnreadable');
      let login = stateDetailSaid('login', 'integrations.values.none');
      try {
        const url = new URL(config.smtp.url!);
        server = stateDetail('server', `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}${url.protocol === 'smtps:' ? ' (TLS)' : ''}`);
        if (url.username) login = stateDetailSaid('login', 'integrations.values.loginNotShown');
      } catch { /* shown as unreadable */ }
      return { ...texts('mail', 'smtp'), status: 'configured', details: [server, login, from], ...testable };
    }
    case 'graph':
      return { ...texts('mail', 'graph'), status: 'configured', details: [stateDetail('mailbox', config.graph.mailbox!)], ...testable };
    default:
      return { ...texts('mail', 'outbox'), status: 'fallback', details: [from], ...testable };
  }
}

function teamsState(configured: boolean): IntegrationState {
  if (!configured) return { ...texts('teams', 'off'), status: 'off', details: [], ...notTestable('teams_nothing_to_test') };
  return { ...texts('teams', 'configured'), status: 'configured', details: [], ...testable };
}

/**
 * The template meetings' WhatsApp reminders go with, or why they do not go by WhatsApp: the reminders' own rule
 * (reminderTemplate) over the templates the card shows, for English and for Dutch candidates. The rule takes each
 * language's version of the template, so only a version's number of values can differ between the two.
 */
function reminderDetail(state: WhatsAppState): StateDetail {
  const config = { reminderTemplate: state.reminderTemplate ?? undefined, templates: state.templates };
  const problem = (locale: 'en' | 'nl') => {
    const template = reminderTemplate(config, locale);
    return typeof template === 'string' || 'code' in template ? coded(template) : null;
  };
  const english = problem('en');
  const dutch = problem('nl');
  if (!english && !dutch) return stateDetail('meetingReminders', config.reminderTemplate!);
  const { code, params } = (english ?? dutch)!;
  const [name, count, max] = [String(params?.name ?? ''), Number(params?.count), Number(params?.max)];
  if (!english) return stateDetailSaid('meetingReminders', sayState('integrations.values.reminderDutchParameters', { name, count, max }));
  if (!dutch) return stateDetailSaid('meetingReminders', sayState('integrations.values.reminderEnglishParameters', { name, count, max }));
  if (code === 'reminder.whatsapp_template_not_approved') return stateDetailSaid('meetingReminders', sayState('integrations.values.reminderUnlisted', { name }));
  if (code === 'reminder.whatsapp_template_parameters') {
    return stateDetailSaid('meetingReminders', sayState('integrations.values.reminderParameters', { name, count, max }));
  }
  return stateDetailSaid('meetingReminders', 'integrations.values.reminderNotSet');
}

/** WhatsApp's own state (domain/whatsapp/channel.ts, with Meta's template texts when read), as a card like the others. */
function whatsappIntegration(state: WhatsAppState): IntegrationState {
  const { configured, mode, summary, code, details, templates, problems, problemCodes } = state;
  const approved = templates.length
    ? [stateDetail('approvedTemplates', templates.map((template) => `${template.name} (${template.language})`).join(', '))] : [];
  // One detail per problem, said by its code (integrations.problems.*); the template's and the settings' names are as they are.
  const unreadable = problems.map((problem, i) => {
    const said = problemCodes?.[i];
    return said ? stateDetailSaid('templateProblems', said as StateCoded) : stateDetail('templateProblems', problem);
  });
  return {
    kind: 'whatsapp', name: englishState('integrations.names.whatsapp'), code, status: configured ? 'configured' : 'off', mode, summary,
    details: [...details, ...approved, ...(configured ? [reminderDetail(state)] : []), ...unreadable],
    ...(configured ? testable : notTestable('whatsapp_nothing_to_test')),
  };
}

/** Who signs people in (decision 050): better-auth on this server's database, or a Supabase project's Auth. */
function signinState(supabase: Config['supabase']): IntegrationState {
  if (!supabase) return { ...texts('signin', 'builtin'), status: 'fallback', details: [], ...notTestable('signin_nothing_to_test') };
  return { ...texts('signin', 'supabase'), status: 'configured', details: [stateDetail('server', safeAddress(supabase.url))], ...testable };
}

/** `calendarConnected`: the API has a calendar port (ApiDeps.calendar), i.e. the Graph app registration is set. */
export function integrationsState(config: Pick<Config, 'openai' | 'smtp' | 'graph' | 'supabase'>, calendarConnected: boolean,
  whatsapp: WhatsAppState): IntegrationState[] {
  return [aiState(config.openai), mailState(config), teamsState(calendarConnected), whatsappIntegration(whatsapp), signinState(config.supabase)];
}
