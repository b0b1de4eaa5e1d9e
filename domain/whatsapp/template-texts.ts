// What Meta says of the configured templates (WHATSAPP_TEMPLATES): each one's body
// and review state, read from the business account (WHATSAPP_BUSINESS_ACCOUNT_ID)
// and kept for a few minutes, so that a recruiter sees what the candidate will
// read. Without the id, or when Meta cannot be reached, the templates are still
// offered, without their text, and the channel's state says why.
import type { WhatsAppConfig } from './config.server.ts';
import type { MetaTemplate, WhatsAppPort } from './cloud-api.server.ts';
import { sameTemplate, type WhatsAppChannel, type WhatsAppState, type WhatsAppTemplateInfo, type WhatsAppTemplateOption } from './schemas.ts';
import { templateBodyParameters } from './template-body.ts';
import { sayState, stateCoded, type StateCoded, type StateSaid } from '../i18n/codes.ts';
import { englishState, stateDetailSaid, type StateDetail } from '../i18n/english.ts';

/** How long Meta's answer is used; a failure is asked again sooner. */
const KEEP_MS = 5 * 60_000;
const KEEP_FAILURE_MS = 60_000;

export interface TemplateTexts {
  templates: WhatsAppTemplateOption[];
  /** For the channel's state: where the texts come from, or why there are none. */
  detail: StateDetail;
  /** Configured templates Meta does not list, or lists with another number of parameters (codes of the catalogue's states). */
  problems: StateSaid[];
}

type Port = Pick<WhatsAppPort, 'messageTemplates'>;
type Read = { templates: MetaTemplate[] } | { error: string };
const kept = new Map<string, { until: number; read: Promise<Read> }>();

/** Meta's templates for this configuration: one call shared by concurrent requests, then kept. */
function readTemplates(config: WhatsAppConfig, port: Port): Promise<Read> {
  const key = [config.apiUrl, config.apiVersion, config.businessAccountId, config.token].join('|');
  const now = Date.now();
  const entry = kept.get(key);
  if (entry && entry.until > now) return entry.read;
  const read = port.messageTemplates().then(
    (templates): Read => ({ templates }),
    (error: unknown): Read => {
      kept.set(key, { until: Date.now() + KEEP_FAILURE_MS, read });
      return { error: (error as Error).message };
    });
  kept.set(key, { until: now + KEEP_MS, read });
  return read;
}

/** The template problems of a state: in English, and as codes of the catalogue's states (decision 032). */
export function problemsSaid(problems: StateSaid[]): { problems: string[]; problemCodes: StateCoded[] } {
  return { problems: problems.map((said) => englishState(said)), problemCodes: problems.map(stateCoded) };
}

/** A configured template as offered before Meta was asked. */
export const withoutText = (template: WhatsAppTemplateInfo): WhatsAppTemplateOption => ({ ...template, body: null, status: null });

export async function templateTexts(config: WhatsAppConfig, port: Port): Promise<TemplateTexts> {
  if (!config.businessAccountId) {
    return { templates: config.templates.map(withoutText), detail: stateDetailSaid('templateTexts', 'integrations.values.templateTextsNotShown'), problems: [] };
  }
  const read = await readTemplates(config, port);
  if ('error' in read) {
    return {
      templates: config.templates.map(withoutText), problems: [],
      detail: stateDetailSaid('templateTexts', sayState('integrations.values.templateTextsUnreadable', { error: read.error })),
    };
  }
  const problems: StateSaid[] = [];
  const templates = config.templates.map((template) => {
    const label = `${template.name} (${template.language})`;
    const meta = read.templates.find((m) => sameTemplate(m, template));
    if (!meta) {
      problems.push(sayState('integrations.problems.not_at_meta', { template: label }));
      return withoutText(template);
    }
    const atMeta = meta.body === null ? null : templateBodyParameters(meta.body);
    if (atMeta !== null && atMeta !== template.parameters) {
      problems.push(sayState('integrations.problems.parameters_at_meta', { template: label, count: atMeta, configured: template.parameters }));
    }
    return { ...template, body: meta.body, status: meta.status };
  });
  return { templates, detail: stateDetailSaid('templateTexts', sayState('integrations.values.templateTextsRead', { count: read.templates.length })), problems };
}

/** GET /api/whatsapp: the state, its templates with their texts, and where those come from. */
export async function stateWithTexts(state: WhatsAppState, config: WhatsAppConfig, port: Port): Promise<WhatsAppState> {
  if (!state.configured) return state;
  const texts = await templateTexts(config, port);
  const found = problemsSaid(texts.problems);
  return {
    ...state, details: [...state.details, texts.detail], templates: texts.templates,
    problems: [...state.problems, ...found.problems], problemCodes: [...(state.problemCodes ?? []), ...found.problemCodes],
  };
}

/** GET /api/candidates/{id}/whatsapp: the templates to choose from, with their texts (asked outside the transaction). */
export async function channelWithTexts(channel: WhatsAppChannel, config: WhatsAppConfig, port: Port): Promise<WhatsAppChannel> {
  if (!channel.templates.length) return channel;
  return { ...channel, templates: (await templateTexts(config, port)).templates };
}
