// A refusal by the domain that the caller should see: the API answers it with
// its status and `{ error, field }` (edge-functions/http.ts), the worker logs it.
export type RefusalStatus = 400 | 404 | 409 | 410 | 413 | 422;

export class DomainError extends Error {
  status: RefusalStatus;
  field?: string;
  /** More of the answer, e.g. fresh `slots` with a 409 for a time just taken. */
  extra: Record<string, unknown>;
  constructor(status: RefusalStatus, message: string, field?: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.field = field;
    this.extra = extra;
  }
}
