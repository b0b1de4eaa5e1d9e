// For the per-endpoint contract tests: an answer from the real API must have
// the status its route documents and parse with the schema its doc() names,
// found through documentedRoutes() (so the test proves the documented schema,
// not a copy of it).
import { expect } from 'vitest';
import type { z } from 'zod';
import { documentedRoutes, type DocumentedRoute } from '#edge-functions/openapi.ts';
import type { ApiType } from '#edge-functions/app.ts';

export interface RealAnswer { status: number; text: string; json?: unknown; headers?: Headers }

export class Contract {
  private routes: Map<string, DocumentedRoute>;
  constructor(api: ApiType) {
    this.routes = new Map(documentedRoutes(api).map((route) => [`${route.method} ${route.path}`, route]));
  }

  /** Every documented endpoint, as "GET /api/candidates/:id". */
  endpoints(): string[] {
    return [...this.routes.keys()];
  }

  has(endpoint: string): boolean {
    return this.routes.has(endpoint);
  }

  /** The route's doc(), or a failed expectation when it has none. `endpoint` is "GET /api/candidates/:id". */
  route(endpoint: string): DocumentedRoute {
    const route = this.routes.get(endpoint);
    if (!route) throw new Error(`${endpoint} has no doc()`);
    return route;
  }

  /**
   * Checks the documented status (or `status`, one of its documented others) and
   * parses the answer with the documented schema. Pass `schema` (the very one
   * the doc() names) to get a typed result.
   */
  answer<S extends z.ZodType>(endpoint: string, answer: RealAnswer, options: { schema?: S; status?: number } = {}): z.output<S> {
    const { doc } = this.route(endpoint);
    const status = options.status ?? doc.status ?? 200;
    expect(answer.status, `${endpoint}: ${answer.text.slice(0, 300)}`).toBe(status);
    const declared = status === (doc.status ?? 200) ? doc.response : doc.alsoAnswers?.[status];
    if (!declared) throw new Error(`${endpoint} does not document a ${status} answer`);
    if (options.schema) expect(declared, `${endpoint} documents another schema`).toBe(options.schema);
    if ('contentType' in declared) {
      if (answer.headers) expect(answer.headers.get('content-type')).toContain(declared.contentType);
      return answer.text as z.output<S>;
    }
    const parsed = declared.safeParse(answer.json !== undefined ? answer.json : JSON.parse(answer.text));
    expect(parsed.error?.issues, `${endpoint}: ${answer.text.slice(0, 300)}`).toBeUndefined();
    return parsed.data as z.output<S>;
  }
}
