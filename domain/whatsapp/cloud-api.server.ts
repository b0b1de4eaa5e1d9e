// The WhatsApp adapter: Meta's WhatsApp Business Cloud API over plain fetch
// (POST {WHATSAPP_API_URL}/v{version}/{WHATSAPP_PHONE_NUMBER_ID}/messages, Bearer
// WHATSAPP_TOKEN). It sends a text (inside the 24-hour window) or an approved
// template, and turns the API's errors into plain reasons, permanent or not
// (a permanent one fails the message; another is retried like mail's).
import { loadWhatsAppConfig, whatsappConfigured, type WhatsAppConfig } from './config.server.ts';
import { coded, say, type Coded, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { toWaId } from './numbers.ts';
import type { WhatsAppTemplate } from './schemas.ts';

/**
 * A send or API call the Cloud API refused, in plain words: `said` as a code (decision 032), `message` its
 * English; `permanent`: retrying cannot help; `code`: Meta's own error code.
 */
export class WhatsAppError extends Error {
  readonly permanent: boolean;
  readonly code: number | null;
  readonly said: Coded;
  constructor(said: Said | Coded, permanent: boolean, code: number | null = null) {
    super(englishText(said));
    this.said = coded(said);
    this.permanent = permanent;
    this.code = code;
  }
}

export interface WhatsAppPort {
  /** Read at each use: the configuration may change without a restart of the port's owner (tests). */
  configured(): boolean;
  sendText(to: string, body: string): Promise<{ wamid: string }>;
  sendTemplate(to: string, template: WhatsAppTemplate): Promise<{ wamid: string }>;
  /** The cheapest call that proves the token and the number id: GET {phone number id} (sends nothing). */
  phoneNumber(): Promise<{ displayPhoneNumber: string | null; verifiedName: string | null }>;
  /** The business account's templates as Meta holds them: GET {business account id}/message_templates. */
  messageTemplates(): Promise<MetaTemplate[]>;
}

/** One template at Meta: `language` is Meta's code (en, en_US, nl), `body` the BODY component's text. */
export interface MetaTemplate { name: string; language: string; status: string; body: string | null }

/** Pages of templates read at most (100 each): a business account has a few dozen. */
const TEMPLATE_PAGES = 10;

/** Time-out of one Cloud API call. */
export const WHATSAPP_TIMEOUT_MS = 15_000;
/** Time-out of reading the templates: shorter, a recruiter's dialog waits for it. */
export const TEMPLATE_LIST_TIMEOUT_MS = 5_000;

interface GraphError { message?: string; type?: string; code?: number; error_subcode?: number; error_data?: { details?: string }; fbtrace_id?: string }

type TailReason = 'whatsapp_outside_window' | 'whatsapp_rate_limit' | 'whatsapp_template_unknown' | 'whatsapp_template_mismatch'
  | 'whatsapp_cannot_receive' | 'whatsapp_not_allowed' | 'whatsapp_invalid_number' | 'whatsapp_token_refused'
  | 'whatsapp_temporary' | 'whatsapp_refused_message' | 'whatsapp_refused_request';
const withTail = (reason: TailReason, params: { tail: string }): Coded => ({ code: `delivery.${reason}`, params });

/** The Cloud API's error as a plain reason, and whether retrying could help. */
export function explainError(httpStatus: number, error: GraphError | undefined, what: 'message' | 'request' = 'message'): WhatsAppError {
  const code = error?.code ?? null;
  const said = [error?.message, error?.error_data?.details].filter(Boolean).join(': ').slice(0, 300);
  // Meta's code and words, shown as they are after ours.
  const tail = { tail: `${code !== null ? ` (${code})` : ` (HTTP ${httpStatus})`}${said ? `: ${said}` : ''}` };
  const refused = (reason: Parameters<typeof withTail>[0], permanent = true) => new WhatsAppError(withTail(reason, tail), permanent, code);
  if (code === 131047) return refused('whatsapp_outside_window');
  if (code === 130429 || code === 131056 || code === 80007 || code === 4 || httpStatus === 429) return refused('whatsapp_rate_limit', false);
  if (code === 132001) return refused('whatsapp_template_unknown');
  if (code === 132000) return refused('whatsapp_template_mismatch');
  if (code === 131026) return refused('whatsapp_cannot_receive');
  if (code === 131030) return refused('whatsapp_not_allowed');
  if (code === 100 && /phone|recipient|\bto\b/i.test(said)) return refused('whatsapp_invalid_number');
  if (code === 190 || httpStatus === 401) return refused('whatsapp_token_refused');
  if (httpStatus >= 500 || code === 131000 || code === 2 || code === 1) return refused('whatsapp_temporary', false);
  return refused(what === 'message' ? 'whatsapp_refused_message' : 'whatsapp_refused_request');
}

async function call(config: WhatsAppConfig, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = WHATSAPP_TIMEOUT_MS): Promise<Record<string, unknown>> {
  if (!whatsappConfigured(config)) throw new WhatsAppError('whatsapp_not_configured', true);
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/v${config.apiVersion}/${path}`, {
      method,
      headers: { authorization: `Bearer ${config.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WhatsAppError((error as Error).name === 'TimeoutError' ? say('delivery.whatsapp_no_answer', { seconds: timeoutMs / 1000 })
      : say('delivery.whatsapp_unreachable', { detail: (error as Error).message }), false);
  }
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try { data = text ? JSON.parse(text) as Record<string, unknown> : {}; } catch { /* an answer that is not JSON: judged by its status */ }
  if (!response.ok) throw explainError(response.status, data.error as GraphError | undefined, method === 'POST' ? 'message' : 'request');
  return data;
}

function wamidOf(data: Record<string, unknown>): { wamid: string } {
  const id = (data.messages as Array<{ id?: unknown }> | undefined)?.[0]?.id;
  if (typeof id !== 'string' || !id) throw new WhatsAppError('delivery.whatsapp_no_message_id', false);
  return { wamid: id };
}

export function createWhatsAppPort(load: () => WhatsAppConfig = () => loadWhatsAppConfig()): WhatsAppPort {
  const messages = (config: WhatsAppConfig) => `${encodeURIComponent(config.phoneNumberId ?? '')}/messages`;
  return {
    configured: () => whatsappConfigured(load()),
    async sendText(to, body) {
      const config = load();
      return wamidOf(await call(config, 'POST', messages(config), {
        messaging_product: 'whatsapp', recipient_type: 'individual', to: toWaId(to), type: 'text', text: { preview_url: false, body },
      }));
    },
    async sendTemplate(to, template) {
      const config = load();
      return wamidOf(await call(config, 'POST', messages(config), {
        messaging_product: 'whatsapp', recipient_type: 'individual', to: toWaId(to), type: 'template',
        template: {
          name: template.name, language: { code: template.language },
          ...(template.parameters.length
            ? { components: [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }] } : {}),
        },
      }));
    },
    async phoneNumber() {
      const config = load();
      const data = await call(config, 'GET', `${encodeURIComponent(config.phoneNumberId ?? '')}?fields=display_phone_number,verified_name`);
      return {
        displayPhoneNumber: typeof data.display_phone_number === 'string' ? data.display_phone_number : null,
        verifiedName: typeof data.verified_name === 'string' ? data.verified_name : null,
      };
    },
    async messageTemplates() {
      const config = load();
      if (!config.businessAccountId) throw new WhatsAppError('delivery.whatsapp_no_business_account', true);
      const templates: MetaTemplate[] = [];
      let after: string | undefined;
      for (let page = 0; page < TEMPLATE_PAGES; page++) {
        const query = new URLSearchParams({ fields: 'name,language,status,components', limit: '100', ...(after ? { after } : {}) });
        const data = await call(config, 'GET', `${encodeURIComponent(config.businessAccountId)}/message_templates?${query}`, undefined, TEMPLATE_LIST_TIMEOUT_MS);
        templates.push(...(Array.isArray(data.data) ? data.data : []).flatMap(metaTemplate));
        const paging = data.paging as { next?: unknown; cursors?: { after?: unknown } } | undefined;
        if (typeof paging?.next !== 'string' || typeof paging.cursors?.after !== 'string') break;
        after = paging.cursors.after;
      }
      return templates;
    },
  };
}

function metaTemplate(entry: unknown): MetaTemplate[] {
  const { name, language, status, components } = (entry ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || typeof language !== 'string') return [];
  const body = (Array.isArray(components) ? components : [])
    .find((component: { type?: unknown }) => String(component?.type).toUpperCase() === 'BODY') as { text?: unknown } | undefined;
  return [{ name, language, status: typeof status === 'string' ? status : 'UNKNOWN', body: typeof body?.text === 'string' ? body.text : null }];
}

/** The text a template message shows in the thread: what was sent, by name, language and parameters. */
export function templateText(template: WhatsAppTemplate): string {
  const parameters = template.parameters.length ? `: ${template.parameters.join(' · ')}` : '';
  return `[WhatsApp template ${template.name} (${template.language})]${parameters}`;
}
