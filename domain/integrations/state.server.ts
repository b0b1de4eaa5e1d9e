// What Settings → Integrations shows: how each service is configured (platform/runtime/config.ts),
// read from the same checks the app itself uses, with addresses but never a secret.
import { providerConfigured } from '../ai/provider.server.ts';
import { mailKind } from '../mail/index.server.ts';
import { TEAMS_SETUP } from '../meetings/calendar-port.ts';
import type { Config } from '../../platform/runtime/config.server.ts';
import type { WhatsAppState } from '../whatsapp/schemas.ts';
import type { IntegrationState } from './schemas.ts';
import { safeAddress } from '../url.ts';

function aiState(config: Config['openai']): IntegrationState {
  const base = { kind: 'ai' as const, name: 'AI provider' };
  if (!providerConfigured(config)) {
    return {
      ...base, status: 'fallback', mode: 'Built-in offline drafter',
      summary: 'Drafts are written by the built-in drafter, offline. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible server) to use a model.',
      details: [], testable: false, notTestable: 'No AI provider is configured, so there is nothing to test.',
    };
  }
  return {
    ...base, status: 'configured', mode: 'OpenAI-compatible API',
    summary: 'Drafts, subjects and reply sentiment come from this model.',
    details: [
      { label: 'Server', value: safeAddress(config.baseURL ?? 'https://api.openai.com/v1') },
      { label: 'Model', value: config.model },
      { label: 'API key', value: config.apiKey ? 'Set (not shown)' : 'None' },
    ],
    testable: true, notTestable: null,
  };
}

function mailState(config: Pick<Config, 'smtp' | 'graph'>): IntegrationState {
  const base = { kind: 'mail' as const, name: 'Mail', testable: true, notTestable: null };
  const from = { label: 'From', value: config.smtp.from };
  switch (mailKind(config)) {
    case 'smtp': {
      let server = 'SMTP_URL could not be read';
      let login = 'None';
      try {
        const url = new URL(config.smtp.url!);
        server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}${url.protocol === 'smtps:' ? ' (TLS)' : ''}`;
        if (url.username) login = 'User name and password (not shown)';
      } catch { /* shown as unreadable */ }
      return {
        ...base, status: 'configured', mode: 'SMTP', summary: 'Emails to candidates go out through this SMTP server.',
        details: [{ label: 'Server', value: server }, { label: 'Login', value: login }, from],
      };
    }
    case 'graph':
      return {
        ...base, status: 'configured', mode: 'Microsoft Graph', summary: 'Emails to candidates are sent from this Microsoft 365 mailbox.',
        details: [{ label: 'Mailbox', value: config.graph.mailbox! }],
      };
    default:
      return {
        ...base, status: 'fallback', mode: 'Dev outbox',
        summary: 'No mail service is configured: emails are kept in the dev outbox in the app and nothing leaves. Set SMTP_URL, or MS_MAILBOX with the Microsoft Graph app, to send.',
        details: [from],
      };
  }
}

function teamsState(configured: boolean): IntegrationState {
  const base = { kind: 'teams' as const, name: 'Microsoft Teams and Outlook' };
  if (!configured) {
    return {
      ...base, status: 'off', mode: 'Email invitations only',
      summary: `Meetings are confirmed by email with an invitation (ICS), without a Teams link or Outlook's busy times. To connect: ${TEAMS_SETUP}`,
      details: [], testable: false, notTestable: 'Microsoft Graph is not configured, so there is nothing to test.',
    };
  }
  return {
    ...base, status: 'configured', mode: 'Microsoft Graph',
    summary: "Booked meetings go into each recruiter's Outlook calendar with a Teams link; Outlook's busy times are kept free.",
    details: [], testable: true, notTestable: null,
  };
}

/** WhatsApp's own state (domain/whatsapp/channel.ts, with Meta's template texts when read), as a card like the others. */
function whatsappIntegration(state: WhatsAppState): IntegrationState {
  const { configured, mode, summary, details, templates, problems } = state;
  const approved = templates.length
    ? [{ label: 'Approved templates', value: templates.map((template) => `${template.name} (${template.language})`).join(', ') }] : [];
  const unreadable = problems.length ? [{ label: 'Template problems', value: problems.join('; ') }] : [];
  return {
    kind: 'whatsapp', name: 'WhatsApp', status: configured ? 'configured' : 'off', mode, summary,
    details: [...details, ...approved, ...unreadable],
    testable: configured, notTestable: configured ? null : 'WhatsApp is not configured, so there is nothing to test.',
  };
}

/** `calendarConnected`: the API has a calendar port (ApiDeps.calendar), i.e. the Graph app registration is set. */
export function integrationsState(config: Pick<Config, 'openai' | 'smtp' | 'graph'>, calendarConnected: boolean,
  whatsapp: WhatsAppState): IntegrationState[] {
  return [aiState(config.openai), mailState(config), teamsState(calendarConnected), whatsappIntegration(whatsapp)];
}
