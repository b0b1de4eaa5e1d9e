// WhatsApp for the recruiter: the channel's state and approved templates
// (GET /api/whatsapp), and, before a send, whether a candidate can get a
// WhatsApp message now and whether it must be a template (GET /api/candidates/{id}/whatsapp).
import { Hono } from 'hono';
import { loadWhatsAppConfig } from '#domain/whatsapp/config.ts';
import { whatsappChannel, whatsappState } from '#domain/whatsapp/channel.ts';
import { whatsappChannelSchema, whatsappStateSchema } from '#domain/whatsapp/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { doc, idParam, reply } from '../contract.ts';

export const whatsappRoutes = new Hono<AppEnv>()
  .get('/', doc({ summary: "WhatsApp's state (configured or \"WhatsApp not configured\") and the approved templates", tag: 'whatsapp',
    response: whatsappStateSchema }), requireUser, (c) => reply(c, whatsappStateSchema, whatsappState(loadWhatsAppConfig())));

export const whatsappCandidateRoutes = new Hono<AppEnv>()
  .get('/:id/whatsapp', doc({ summary: "Whether a WhatsApp message can go to the candidate now: consent, number (E.164), the 24-hour window, text or template",
    tag: 'whatsapp', response: whatsappChannelSchema }), requireUser, idParam(), async (c) => {
    const channel = await asUser(c, (tx) => whatsappChannel(tx, c.req.valid('param').id, loadWhatsAppConfig()));
    if (!channel) throw new HttpError(404, 'Candidate not found', { field: 'id' });
    return reply(c, whatsappChannelSchema, channel);
  });
