// WhatsApp Business Cloud API settings, read from the environment at each use
// (so a worker and the API see the same, and tests can switch them). Without a
// token and a phone number id the channel is "WhatsApp not configured" and
// nothing is sent. Approved templates are listed in WHATSAPP_TEMPLATES
// (decision 025): `name:language:parameterCount`, comma separated. The meetings'
// reminders go by WhatsApp with the one named in WHATSAPP_REMINDER_TEMPLATE (a name
// of WHATSAPP_TEMPLATES; its language the candidate's where it has one).
import { sayState, type StateSaid } from '../i18n/codes.ts';
import { sameTemplate, TEMPLATE_LANGUAGES, type TemplateLanguage, type WhatsAppTemplateInfo } from './schemas.ts';

export const DEFAULT_API_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = '23.0';

export interface WhatsAppConfig {
  token: string | undefined;
  phoneNumberId: string | undefined;
  /** The WhatsApp Business Account that owns the templates: their texts are read from it (optional). */
  businessAccountId: string | undefined;
  /** Signs the webhook's POSTs (X-Hub-Signature-256). */
  appSecret: string | undefined;
  /** Meta's verification handshake (GET hub.verify_token). */
  verifyToken: string | undefined;
  /** Base URL without the version: https://graph.facebook.com (tests: the fake). */
  apiUrl: string;
  /** Graph API version, without the "v". */
  apiVersion: string;
  templates: WhatsAppTemplateInfo[];
  /** WHATSAPP_REMINDER_TEMPLATE: the name of the template a meeting's WhatsApp reminder is sent with; unset: none is. */
  reminderTemplate: string | undefined;
  /** WHATSAPP_TEMPLATES entries that could not be read (shown in the state, never guessed), as codes of the catalogue's states. */
  templateProblems: StateSaid[];
}

const value = (env: NodeJS.ProcessEnv, name: string) => (env[name]?.trim() ? env[name].trim() : undefined);

/** "talentloop_intro:nl:1,talentloop_intro:en:1" → the templates, and what could not be read. */
export function parseTemplates(text: string | undefined): { templates: WhatsAppTemplateInfo[]; problems: StateSaid[] } {
  const templates: WhatsAppTemplateInfo[] = [];
  const problems: StateSaid[] = [];
  for (const entry of (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z0-9_]{1,512}):([a-z]{2}):(\d{1,2})$/.exec(entry);
    if (!match || !TEMPLATE_LANGUAGES.includes(match[2] as TemplateLanguage)) {
      problems.push(sayState('integrations.problems.entry_unreadable', { entry }));
      continue;
    }
    if (templates.some((t) => sameTemplate(t, { name: match[1], language: match[2] }))) continue;
    templates.push({ name: match[1], language: match[2] as TemplateLanguage, parameters: Number(match[3]) });
  }
  return { templates, problems };
}

export function loadWhatsAppConfig(env: NodeJS.ProcessEnv = process.env): WhatsAppConfig {
  const { templates, problems } = parseTemplates(value(env, 'WHATSAPP_TEMPLATES'));
  return {
    token: value(env, 'WHATSAPP_TOKEN'),
    phoneNumberId: value(env, 'WHATSAPP_PHONE_NUMBER_ID'),
    businessAccountId: value(env, 'WHATSAPP_BUSINESS_ACCOUNT_ID'),
    appSecret: value(env, 'WHATSAPP_APP_SECRET'),
    verifyToken: value(env, 'WHATSAPP_VERIFY_TOKEN'),
    apiUrl: (value(env, 'WHATSAPP_API_URL') ?? DEFAULT_API_URL).replace(/\/+$/, ''),
    apiVersion: (value(env, 'WHATSAPP_API_VERSION') ?? DEFAULT_API_VERSION).replace(/^v/, ''),
    templates,
    reminderTemplate: value(env, 'WHATSAPP_REMINDER_TEMPLATE'),
    templateProblems: problems,
  };
}

/** Sending needs the token and the phone number id. */
export function whatsappConfigured(config: Pick<WhatsAppConfig, 'token' | 'phoneNumberId'>): boolean {
  return Boolean(config.token && config.phoneNumberId);
}
