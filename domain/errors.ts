// A refusal by the domain that the caller should see: the API answers it with its status and
// `{ error, code, params?, field }` (edge-functions/http.ts), the worker logs it. It is said as a
// code of the catalogue (domain/i18n/codes.ts, decision 032); `message` is its English text.
import { coded, type Coded, type ErrorCode, type Params, type Said } from './i18n/codes.ts';
import { englishText } from './i18n/english.ts';

export type RefusalStatus = 400 | 404 | 409 | 410 | 413 | 422;

export class DomainError extends Error {
  status: RefusalStatus;
  code: ErrorCode;
  params?: Params;
  field?: string;
  /** More of the answer, e.g. fresh `slots` with a 409 for a time just taken. */
  extra: Record<string, unknown>;
  constructor(status: RefusalStatus, said: Said | Coded, field?: string, extra: Record<string, unknown> = {}) {
    super(englishText(said));
    const { code, params } = coded(said);
    this.status = status;
    this.code = code;
    this.params = params;
    this.field = field;
    this.extra = extra;
  }
}
