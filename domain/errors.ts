// A refusal by the domain that the caller should see: the API answers it with
// its status and `{ error, field }` (edge-functions/http.ts), the worker logs it.
export type RefusalStatus = 400 | 404 | 409 | 413 | 422;

export class DomainError extends Error {
  status: RefusalStatus;
  field?: string;
  constructor(status: RefusalStatus, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}
