// Retention in the Admin Portal (issue 30): the rules, the preview of whom they erase and when, the
// people exempted from them, and the dashboard card's counts. Admins only; every change is audited
// (domain/data-rights/retention.server.ts). Mounted at /api/admin.
import { Hono } from 'hono';
import {
  dataRightsSummarySchema, retentionExemptionAnswerSchema, retentionExemptionCreateSchema, retentionExemptionListSchema,
  retentionPreviewQuerySchema, retentionPreviewSchema, retentionRuleAnswerSchema, retentionRuleCreateSchema, retentionRuleListSchema,
  retentionRuleUpdateSchema,
} from '#domain/data-rights/schemas.ts';
import {
  createRetentionRule, dataRightsSummary, deleteRetentionRule, exemptCandidate, listRetentionExemptions, listRetentionRules,
  removeExemption, retentionPreview, updateRetentionRule,
} from '#domain/data-rights/retention.server.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

const ruleNotFound = () => new HttpError(404, 'retention_rule_not_found', { field: 'id' });

export const retentionRoutes = new Hono<AppEnv>()
  .use('/retention-*', requireUser, requireAdmin)
  .use('/data-rights-summary', requireUser, requireAdmin)

  .get('/retention-rules', doc({ summary: 'The retention rules', access: 'admin', response: retentionRuleListSchema }), async (c) =>
    reply(c, retentionRuleListSchema, { rules: await asUser(c, listRetentionRules) }))

  .post('/retention-rules', doc({ summary: 'Add a retention rule, one per kind (audited)', access: 'admin', response: retentionRuleAnswerSchema, status: 201 }),
    body(retentionRuleCreateSchema), async (c) => {
      const rule = await asUser(c, (tx) => createRetentionRule(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, retentionRuleAnswerSchema, { rule }, 201);
    })

  .patch('/retention-rules/:id', doc({ summary: "Change a retention rule's months, grace period or whether it runs (audited)", access: 'admin', response: retentionRuleAnswerSchema }),
    idParam(), body(retentionRuleUpdateSchema), async (c) => {
      const rule = await asUser(c, (tx) => updateRetentionRule(tx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')));
      if (!rule) throw ruleNotFound();
      return reply(c, retentionRuleAnswerSchema, { rule });
    })

  .delete('/retention-rules/:id', doc({ summary: 'Remove a retention rule (audited)', access: 'admin', response: successSchema }), idParam(), async (c) => {
    if (!await asUser(c, (tx) => deleteRetentionRule(tx, c.var.user.id, c.req.valid('param').id))) throw ruleNotFound();
    return reply(c, successSchema, { success: true });
  })

  .get('/retention-preview', doc({ summary: 'Who the retention rules erase from today up to ?days ahead (30), on which date and why; 50 a page', access: 'admin', response: retentionPreviewSchema }),
    query(retentionPreviewQuerySchema), async (c) =>
      reply(c, retentionPreviewSchema, await asUser(c, (tx) => retentionPreview(tx, c.req.valid('query')))))

  .get('/retention-exemptions', doc({ summary: 'The people the time-based retention rules never erase, and why', access: 'admin', response: retentionExemptionListSchema }), async (c) =>
    reply(c, retentionExemptionListSchema, { exemptions: await asUser(c, listRetentionExemptions) }))

  .post('/retention-exemptions', doc({ summary: 'Exempt one person from the time-based retention rules, with a reason (audited)', access: 'admin', response: retentionExemptionAnswerSchema, status: 201 }),
    body(retentionExemptionCreateSchema), async (c) => {
      const exemption = await asUser(c, (tx) => exemptCandidate(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, retentionExemptionAnswerSchema, { exemption }, 201);
    })

  .delete('/retention-exemptions/:id', doc({ summary: 'Let the retention rules apply to a person again (:id is the candidate; audited)', access: 'admin', response: successSchema }),
    idParam(), async (c) => {
      if (!await asUser(c, (tx) => removeExemption(tx, c.var.user.id, c.req.valid('param').id))) {
        throw new HttpError(404, 'exemption_not_found', { field: 'id' });
      }
      return reply(c, successSchema, { success: true });
    })

  .get('/data-rights-summary', doc({ summary: "The dashboard's data rights card: requests due this week or overdue, people erased in the next 7 days", access: 'admin', response: dataRightsSummarySchema }), async (c) =>
    reply(c, dataRightsSummarySchema, await asUser(c, dataRightsSummary)));
