// WhatsApp for the recruiter: the channel's state and approved templates, with
// their texts when Meta can be asked (GET /api/whatsapp), and, before a send, whether a candidate can get a
// WhatsApp message now and whether it must be a template (GET /api/candidates/{id}/whatsapp).
import { Hono } from 'hono';
import { loadWhatsAppConfig } from '#domain/whatsapp/config.server.ts';
import { whatsappChannel, whatsappState } from '#domain/whatsapp/channel.server.ts';
import { createWhatsAppPort } from '#domain/whatsapp/cloud-api.server.ts';
import { channelWithTexts, stateWithTexts } from '#domain/whatsapp/template-texts.ts';
import { whatsappChannelSchema, whatsappStateSchema } from '#domain/whatsapp/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { doc, idParam, reply } from '../contract.ts';

export const whatsappRoutes = new Hono<AppEnv>()
  .get('/', doc({ summary: "WhatsApp's state (configured or \"WhatsApp not configured\") and the approved templates, with each one's text and Meta's status when WHATSAPP_BUSINESS_ACCOUNT_ID is set", tag: 'whatsapp',
    response: whatsappStateSchema }), requireUser, async (c) => {
    const config = loadWhatsAppConfig();
    return reply(c, whatsappStateSchema, await stateWithTexts(whatsappState(config), config, createWhatsAppPort(() => config)));
  });

export const whatsappCandidateRoutes = new Hono<AppEnv>()
  .get('/:id/whatsapp', doc({ summary: "Whether a WhatsApp message can go to the candidate now: consent, number (E.164), the 24-hour window, text or template (the templates with their texts)",
    tag: 'whatsapp', response: whatsappChannelSchema }), requireUser, idParam(), async (c) => {
    const config = loadWhatsAppConfig();
    const channel = await asUser(c, (tx) => whatsappChannel(tx, c.req.valid('param').id, config));
    if (!channel) throw new HttpError(404, 'candidate_not_found', { field: 'id' });
    return reply(c, whatsappChannelSchema, await channelWithTexts(channel, config, createWhatsAppPort(() => config)));
  });
