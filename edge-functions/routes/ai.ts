// AI drafting: templates, suggestions per campaign type, and generation.
import { Hono } from 'hono';
import { z } from 'zod';
import { listSuggestions, listTemplates } from '#domain/ai/templates.server.ts';
import { generateContent, loadDraftingInputs } from '#domain/ai/generate.server.ts';
import { AiProviderError, AiTimeoutError } from '#domain/ai/provider.server.ts';
import {
  aiSuggestionListSchema, aiTemplateListSchema, campaignTypeSchema, generateContentSchema, generationSchema,
} from '#domain/ai/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { pathParams, body, doc, reply } from '../contract.ts';

export const aiTemplateRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'AI templates, one per family, with their languages', tag: 'ai', response: aiTemplateListSchema }), async (c) => {
    return reply(c, aiTemplateListSchema, await asUser(c, listTemplates));
  })

  .get('/suggestions/:campaignType', doc({ summary: "Template suggestions for a campaign type (the wizard's cards)", tag: 'ai', response: aiSuggestionListSchema }),
  pathParams(z.object({ campaignType: campaignTypeSchema })), async (c) => {
    const suggestions = await asUser(c, (tx) => listSuggestions(tx, c.req.valid('param').campaignType));
    return reply(c, aiSuggestionListSchema, { suggestions });
  });

/** What a failed generation answers besides the error (spec §7), so a client can read it like a draft. */
const failed = { success: false, content: '', subject: '' };

export const aiContentRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .post('/generate', doc({ summary: 'Draft a message from a template (the AI provider when configured, else the built-in drafter)', tag: 'ai',
    response: generationSchema }),
  body(generateContentSchema), async (c) => {
    const input = c.req.valid('json');
    // Read what the draft needs, then leave the transaction: the AI call may take up to a minute.
    const inputs = await asUser(c, (tx) => loadDraftingInputs(tx, input, c.var.user.id));
    if (!inputs) throw new HttpError(404, 'template_not_found', { field: 'templateId', extra: failed });
    try {
      return reply(c, generationSchema, await generateContent(c.var.deps.config.openai, inputs, input));
    } catch (error) {
      const metadata = { templateName: inputs.familyName, source: 'ai' };
      if (error instanceof AiTimeoutError) throw new HttpError(504, 'ai_timeout', { extra: { ...failed, metadata } });
      if (error instanceof AiProviderError) throw new HttpError(502, error, { extra: { ...failed, metadata } });
      throw error;
    }
  });
