// Webhooks of outside services, mounted at /api/webhooks. WhatsApp (Meta's
// Cloud API): GET answers the verification handshake, POST takes the signed
// events (X-Hub-Signature-256 over the raw body with WHATSAPP_APP_SECRET).
// Bad input is a 4xx naming the field, never a 5xx: Meta retries anything but a 200. Without
// WHATSAPP_APP_SECRET nothing can be verified, so every event is refused (403), as a wrong signature is.
import { Hono } from 'hono';
import { loadWhatsAppConfig } from '#domain/whatsapp/config.server.ts';
import { whatsappWebhookResultSchema, whatsappWebhookSchema } from '#domain/whatsapp/schemas.ts';
import { receiveWhatsAppWebhook } from '#domain/messages/inbound-whatsapp.server.ts';
import { validSignature } from '#domain/whatsapp/signature.server.ts';
import { sameSecret } from '#domain/whatsapp/secrets.server.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import { providerConfigured } from '#domain/ai/provider.server.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, parse, readJson, utf8Text } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { doc, reply } from '../contract.ts';

export const webhookRoutes = new Hono<AppEnv>()
  .get('/whatsapp', doc({ summary: "Meta's verification handshake: echoes hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN", access: 'public',
    tag: 'whatsapp', response: { contentType: 'text/plain', description: 'hub.challenge, echoed' } }), (c) => {
    const { verifyToken } = loadWhatsAppConfig();
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token') ?? '';
    const challenge = c.req.query('hub.challenge') ?? '';
    if (!verifyToken) throw new HttpError(403, say('webhook_not_configured', { setting: 'WHATSAPP_VERIFY_TOKEN' }), { field: 'hub.verify_token' });
    if (mode !== 'subscribe') throw new HttpError(403, 'webhook_mode', { field: 'hub.mode' });
    if (!sameSecret(token, verifyToken)) throw new HttpError(403, 'webhook_token_mismatch', { field: 'hub.verify_token' });
    if (!/^[\w.-]{1,200}$/.test(challenge)) throw new HttpError(400, 'webhook_challenge', { field: 'hub.challenge' });
    return c.text(challenge, 200);
  })

  /** The body is Meta's JSON, read raw: the signature is over its exact bytes. */
  .post('/whatsapp', doc({ summary: 'WhatsApp Cloud API events (messages and statuses), signed with X-Hub-Signature-256', access: 'public', tag: 'whatsapp',
    requestBody: { contentType: 'application/json', description: "Meta's webhook payload (entry[].changes[].value.messages[] / statuses[])" },
    response: whatsappWebhookResultSchema }), async (c) => {
    const { appSecret } = loadWhatsAppConfig();
    if (!appSecret) throw new HttpError(403, say('webhook_not_configured', { setting: 'WHATSAPP_APP_SECRET' }), { field: 'x-hub-signature-256' });
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const header = c.req.header('x-hub-signature-256');
    if (!header) throw new HttpError(401, 'webhook_signature_missing', { field: 'x-hub-signature-256' });
    if (!validSignature(raw, header, appSecret)) throw new HttpError(403, 'webhook_signature_mismatch', { field: 'x-hub-signature-256' });
    const payload = parse(whatsappWebhookSchema, readJson(utf8Text(raw)));
    const { storedIds, ...counts } = await receiveWhatsAppWebhook(c.var.deps.pools.app, payload);
    const { jobs, config } = c.var.deps;
    if (storedIds.length && providerConfigured(config.openai)) {
      await enqueueQuietly(jobs, QUEUES.sentiment, storedIds.map((messageId) => ({ data: { messageId } })));
    }
    // A reply (or an opt-out) marked its candidate's score due.
    if (counts.stored) await enqueueQuietly(jobs, QUEUES.engagementScore, [engagementScoreJob()]);
    return reply(c, whatsappWebhookResultSchema, { received: true, ...counts });
  });
