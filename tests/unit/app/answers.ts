// How a UI test builds an API answer (not a test file itself): from the schema the
// route documents, so a fixture that drifts from what the API sends fails at once.
import type { z } from 'zod';
import { errorSchema } from '#domain/schemas/answers.ts';

/** `data` as the route's schema reads it; throws when the fixture does not match the API. */
export function answer<S extends z.ZodType>(schema: S, data: z.input<S>): z.output<S> {
  return schema.parse(data);
}

/** A 4xx/5xx answer body: `{ error, field? }` (and whatever else that route adds). */
export function failure(data: z.input<typeof errorSchema>) {
  return answer(errorSchema, data);
}
