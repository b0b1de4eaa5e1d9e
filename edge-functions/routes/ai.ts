// AI drafting: templates, suggestions per campaign type, and generation.
import { Hono } from 'hono';
import { z } from 'zod';
import { listSuggestions, listTemplates } from '#domain/ai/templates.ts';
import { generateContent, loadDraftingInputs } from '#domain/ai/generate.ts';
import { AiProviderError, AiTimeoutError } from '#domain/ai/provider.ts';
import { campaignTypeSchema, generateContentSchema } from '#domain/ai/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parse, parseBody } from '../http.ts';

export const aiTemplateRoutes = new Hono<AppEnv>();
aiTemplateRoutes.use('*', requireUser);

aiTemplateRoutes.get('/', async (c) => c.json(await asUser(c, listTemplates)));

aiTemplateRoutes.get('/suggestions/:campaignType', async (c) => {
  const { campaignType } = parse(z.object({ campaignType: campaignTypeSchema }), { campaignType: c.req.param('campaignType') });
  return c.json({ suggestions: await asUser(c, (tx) => listSuggestions(tx, campaignType)) });
});

export const aiContentRoutes = new Hono<AppEnv>();
aiContentRoutes.use('*', requireUser);

const failed = { success: false, content: '', subject: '' };

aiContentRoutes.post('/generate', async (c) => {
  const input = await parseBody(c, generateContentSchema);
  // Read what the draft needs, then leave the transaction: the AI call may take up to a minute.
  const inputs = await asUser(c, (tx) => loadDraftingInputs(tx, input));
  if (!inputs) throw new HttpError(404, 'Template not found', { field: 'templateId', extra: failed });
  try {
    return c.json(await generateContent(c.var.deps.config.openai, inputs, input, c.var.user.displayName));
  } catch (error) {
    const metadata = { templateName: inputs.familyName, source: 'ai' };
    if (error instanceof AiTimeoutError) throw new HttpError(504, error.message, { extra: { ...failed, metadata } });
    if (error instanceof AiProviderError) throw new HttpError(502, error.message, { extra: { ...failed, metadata } });
    throw error;
  }
});
