// API answers for the Retention and Data requests tabs and the dashboard's card (not a test file
// itself). Each is parsed with the schema its route documents, so a fixture cannot drift from the API.
import {
  dataRequestAnswerSchema, dataRequestListSchema, dataRightsSummarySchema, retentionExemptionAnswerSchema, retentionExemptionListSchema,
  retentionPreviewSchema, retentionRuleAnswerSchema, retentionRuleListSchema, type DataRequest, type RetentionRule,
} from '#domain/data-rights/schemas.ts';
import { answer } from './answers.ts';

const DAY = 86_400_000;
/** A moment `days` from now (negative: ago), as the API writes it. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const INACTIVE_RULE: RetentionRule = { id: 3, kind: 'inactive', months: 24, graceDays: 14, enabled: true, updatedBy: 'Ada Admin', updatedAt: '2026-11-01T09:00:00.000Z' };
export const ERASURE_RULE: RetentionRule = { id: 1, kind: 'erasure_requested', months: null, graceDays: 0, enabled: true, updatedBy: null, updatedAt: '2026-10-01T09:00:00.000Z' };

export const RULES = answer(retentionRuleListSchema, { rules: [INACTIVE_RULE, ERASURE_RULE] });
export const ruleAnswer = (rule: Partial<RetentionRule> = {}) => answer(retentionRuleAnswerSchema, { rule: { ...INACTIVE_RULE, ...rule } });

export const PREVIEW = answer(retentionPreviewSchema, {
  until: '2026-12-29', total: 2, page: 1, pageSize: 50,
  items: [
    {
      candidate: { id: 41, name: 'Iris Idle', email: 'iris@example.org' },
      rule: { id: 3, kind: 'inactive', months: 24, graceDays: 14 },
      since: '2024-10-10T10:00:00.000Z', eraseOn: '2026-10-24', eraseAfter: '2026-10-23T22:00:00.000Z', dataRequestId: null,
    },
    {
      candidate: { id: 42, name: 'Eli Erase', email: null },
      rule: { id: 1, kind: 'erasure_requested', months: null, graceDays: 0 },
      since: '2026-11-28T08:00:00.000Z', eraseOn: '2026-12-05', eraseAfter: '2026-12-05T08:00:00.000Z', dataRequestId: 77,
    },
  ],
});
export const EMPTY_PREVIEW = answer(retentionPreviewSchema, { until: '2026-12-06', total: 0, page: 1, pageSize: 50, items: [] });

export const EXEMPTION = { candidate: { id: 41, name: 'Iris Idle' }, reason: 'Legal hold', createdBy: 'Ada Admin', createdAt: '2026-11-20T10:00:00.000Z' };
export const EXEMPTIONS = answer(retentionExemptionListSchema, { exemptions: [EXEMPTION] });
export const NO_EXEMPTIONS = answer(retentionExemptionListSchema, { exemptions: [] });
export const EXEMPTED = answer(retentionExemptionAnswerSchema, { exemption: EXEMPTION });

const request = (fields: Partial<DataRequest> & Pick<DataRequest, 'id'>): DataRequest => ({
  candidate: null, requesterName: null, requesterEmail: null, kind: 'access', source: 'email', details: null, state: 'open',
  receivedAt: daysFromNow(-20), dueAt: daysFromNow(10), overdue: false, executeAfter: null, handledBy: null, handledAt: null,
  resolution: null, createdBy: 'Rita Recruiter', ...fields,
});

export const LATE_ACCESS = request({ id: 11, candidate: { id: 5, name: 'Lotte Late' }, requesterName: 'Lotte Late', receivedAt: daysFromNow(-35), dueAt: daysFromNow(-4.5), overdue: true });
export const OPEN_ERASURE = request({ id: 12, candidate: { id: 6, name: 'Erik Email' }, requesterName: 'Erik Email', requesterEmail: 'erik@example.org', kind: 'erasure', dueAt: daysFromNow(12.5) });
export const DONE_CORRECTION = request({
  id: 13, requesterName: 'Cor Rect', kind: 'correction', source: 'letter', state: 'done', handledBy: 'Ada Admin', handledAt: daysFromNow(-1), resolution: 'Fixed the address',
});

/** Erased by the worker when its undo window ended: handled by nobody. */
export const ERASED_BY_WORKER = request({
  id: 14, requesterName: 'Wim Weg', kind: 'erasure', source: 'privacy_page', state: 'done', executeAfter: daysFromNow(-2), handledAt: daysFromNow(-2),
});

export const dataRequests = (requests: DataRequest[]) => answer(dataRequestListSchema, { total: requests.length, page: 1, pageSize: 50, requests });
export const requestAnswer = (fields: DataRequest) => answer(dataRequestAnswerSchema, { request: fields });

export const SUMMARY = answer(dataRightsSummarySchema, { requestsDueThisWeek: 2, requestsOverdue: 1, erasuresNext7Days: 3, erasuresCountedAt: '2026-11-30T09:05:00.000Z' });
