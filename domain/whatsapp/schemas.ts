// WhatsApp (issue 14, decision 025): the template a recruiter picks, what the
// product says about a candidate's WhatsApp before sending, the templates and
// the channel's state, and Meta's webhook payload. Browser-safe.
import { z } from 'zod';
import { codeParamsSchema, stateDetailSchema, timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';

/** Template languages the product offers (WhatsApp's codes). */
export const TEMPLATE_LANGUAGES = ['en', 'nl'] as const;
export type TemplateLanguage = typeof TEMPLATE_LANGUAGES[number];

/** An approved template as configured (WHATSAPP_TEMPLATES): its name, language and how many {{n}} parameters its body has. */
export const whatsappTemplateInfoSchema = z.object({
  name: z.string(),
  language: z.enum(TEMPLATE_LANGUAGES),
  parameters: z.number().int().nonnegative(),
});
export type WhatsAppTemplateInfo = z.infer<typeof whatsappTemplateInfoSchema>;

/** Whether two name-and-language pairs are the same template: Meta keeps one body per name and language. */
export const sameTemplate = (a: { name: string; language: string }, b: { name: string; language: string }) =>
  a.name === b.name && a.language === b.language;

/** A template a recruiter can choose, with what Meta says of it (WHATSAPP_BUSINESS_ACCOUNT_ID set and Meta reachable; else null). */
export const whatsappTemplateOptionSchema = whatsappTemplateInfoSchema.extend({
  /** Its body with {{1}}, {{2}}, … as approved: what the candidate reads. */
  body: z.string().nullable().default(null),
  /** Meta's review state (APPROVED, PENDING, REJECTED, PAUSED, …); null when Meta was not asked or does not list it. */
  status: z.string().nullable().default(null),
});
export type WhatsAppTemplateOption = z.output<typeof whatsappTemplateOptionSchema>;

/** A template message to send: one of the configured templates, with its body parameters in order. */
export const whatsappTemplateSchema = z.strictObject({
  name: z.string({ error: msg('validation.template_name') }).trim()
    .regex(/^[a-z0-9_]{1,512}$/, msg('validation.template_name_rule')),
  language: z.enum(TEMPLATE_LANGUAGES, { error: msg('validation.template_language') }),
  parameters: z.array(z.string({ error: msg('validation.template_parameter_text') }).trim()
    .min(1, msg('validation.template_parameter_empty')).max(1_000, msg('validation.template_parameter_too_long')), { error: msg('validation.template_parameters') })
    .max(20, msg('validation.template_parameters_max')).default([]),
});
export type WhatsAppTemplate = z.output<typeof whatsappTemplateSchema>;

/** Meta's statuses of a sent message, in the order they advance (failed ends it). */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = typeof DELIVERY_STATUSES[number];

/** GET /api/candidates/{id}/whatsapp: whether and how a WhatsApp message can go to the candidate now. */
export const whatsappChannelSchema = z.object({
  /** WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set. */
  configured: z.boolean(),
  /** A message can be sent (configured, consent, a valid number); `reason` says why not. */
  allowed: z.boolean(),
  /** The number it goes to, in E.164; null without a valid one. */
  number: z.string().nullable(),
  /** The database's consent rule for WhatsApp (domain/consent/eligibility.ts): no_whatsapp_number, whatsapp_opted_out, no_whatsapp_consent. */
  blockers: z.array(z.string()),
  /** WhatsApp's 24-hour customer-service window, from the candidate's last WhatsApp message. */
  window: z.object({
    open: z.boolean(),
    /** When it closes (open) or closed (after a message); null when the candidate never wrote on WhatsApp. */
    closesAt: timestamp.nullable(),
    lastInboundAt: timestamp.nullable(),
  }),
  /** 'text' inside the window, 'template' outside it (an approved template only); null when nothing can be sent. */
  mode: z.enum(['text', 'template']).nullable(),
  /** Why not ("WhatsApp not configured", "Candidate has not consented to WhatsApp", ...), or what applies ("Outside the 24-hour window: …"). */
  reason: z.string().nullable(),
  /** `reason` as a code (errors.<code>, decision 032): whatsapp_not_configured, blockers.no_whatsapp_consent, whatsapp_outside_window, … */
  reasonCode: z.string().nullable().optional(),
  /** The approved templates (to choose from outside the window). */
  templates: z.array(whatsappTemplateOptionSchema),
});
export type WhatsAppChannel = z.infer<typeof whatsappChannelSchema>;

/** GET /api/whatsapp: the channel's state (as Settings → Integrations shows a service) and the approved templates. */
export const whatsappStateSchema = z.object({
  configured: z.boolean(),
  /** "WhatsApp Business Cloud API", or "WhatsApp not configured". */
  mode: z.string(),
  /** The state as a key of the catalogue's states (integrations.whatsapp.off | .configured): .mode and .summary (decision 032). */
  code: z.string().optional(),
  summary: z.string(),
  /** Never a secret: the phone number id, the API address, whether the app secret and verify token are set. */
  details: z.array(stateDetailSchema),
  templates: z.array(whatsappTemplateOptionSchema),
  /** WHATSAPP_REMINDER_TEMPLATE: the template meetings' WhatsApp reminders are sent with; null: none is set. */
  reminderTemplate: z.string().nullable(),
  /** WHATSAPP_TEMPLATES entries that could not be read, and configured templates that Meta does not list or lists with other parameters. */
  problems: z.array(z.string()),
  /** `problems` as codes of the catalogue's states (integrations.problems.*) with their params (decision 032). */
  problemCodes: z.array(z.object({ code: z.string(), params: codeParamsSchema.optional() })).optional(),
});
export type WhatsAppState = z.infer<typeof whatsappStateSchema>;

// ---- Meta's webhook (POST /api/webhooks/whatsapp) ----

/** Meta's payload is for machines: what a field must be is said in Meta's terms, as a param. */
const webhookValue = (field: string, what: string) => msg('validation.webhook_value', { field, what });

const inboundMessageSchema = z.object({
  from: z.string({ error: webhookValue('from', "the sender's number") }).min(1),
  id: z.string({ error: webhookValue('id', 'the message id (wamid)') }).min(1).max(512),
  timestamp: z.string({ error: webhookValue('timestamp', 'a Unix time') }).regex(/^\d{1,12}$/, webhookValue('timestamp', 'a Unix time')).optional(),
  type: z.string({ error: webhookValue('type', 'the message type') }).min(1),
  text: z.object({ body: z.string({ error: msg('validation.must_be_text', { field: 'text.body' }) }) }).optional(),
  button: z.object({ text: z.string().optional(), payload: z.string().optional() }).loose().optional(),
  interactive: z.object({
    button_reply: z.object({ title: z.string() }).loose().optional(),
    list_reply: z.object({ title: z.string() }).loose().optional(),
  }).loose().optional(),
  context: z.object({ id: z.string().optional(), from: z.string().optional() }).loose().optional(),
}).loose();
export type InboundWhatsAppMessage = z.infer<typeof inboundMessageSchema>;

const statusErrorSchema = z.object({
  code: z.number({ error: msg('validation.must_be_number', { field: 'code' }) }),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).loose().optional(),
}).loose();

const statusSchema = z.object({
  id: z.string({ error: webhookValue('id', 'the message id (wamid)') }).min(1).max(512),
  status: z.string({ error: msg('validation.choice', { field: 'status', choices: 'sent, delivered, read or failed' }) }).min(1).max(40),
  timestamp: z.string({ error: webhookValue('timestamp', 'a Unix time') }).regex(/^\d{1,12}$/, webhookValue('timestamp', 'a Unix time')).optional(),
  recipient_id: z.string().optional(),
  errors: z.array(statusErrorSchema).optional(),
}).loose();
export type WhatsAppStatusEvent = z.infer<typeof statusSchema>;

export const whatsappWebhookSchema = z.object({
  object: z.string({ error: webhookValue('object', 'whatsapp_business_account') }),
  entry: z.array(z.object({
    id: z.string().optional(),
    changes: z.array(z.object({
      field: z.string({ error: msg('validation.must_be_text', { field: 'field' }) }),
      value: z.object({
        messaging_product: z.string().optional(),
        metadata: z.object({ phone_number_id: z.string().optional() }).loose().optional(),
        contacts: z.array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).loose().optional() }).loose()).optional(),
        messages: z.array(inboundMessageSchema, { error: webhookValue('messages', 'a list') }).optional(),
        statuses: z.array(statusSchema, { error: webhookValue('statuses', 'a list') }).optional(),
      }, { error: webhookValue('value', 'an object') }).loose(),
    }).loose(), { error: webhookValue('changes', 'a list') }),
  }).loose(), { error: webhookValue('entry', 'a list') }),
}).loose();
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** What became of one webhook delivery: counted per kind (every event is recorded once, matched or not). */
export const whatsappWebhookResultSchema = z.object({
  received: z.literal(true),
  /** Replies stored in a candidate's thread. */
  stored: z.number(),
  /** Statuses recorded on a message of ours. */
  statuses: z.number(),
  /** Delivered before (same wamid, or same wamid and status): nothing written again. */
  duplicates: z.number(),
  /** Kept as events only: a number no candidate has, a status for a message we do not know, a reaction. */
  unmatched: z.number(),
  /** Replies that withdrew WhatsApp consent (STOP, stoppen, afmelden). */
  optOuts: z.number(),
});
export type WhatsAppWebhookResult = z.infer<typeof whatsappWebhookResultSchema>;
