// The typed API client: hc<ApiType> from hono/client, built from the API's own
// route types (edge-functions/app.ts; decision 013), so paths, inputs and
// answers are checked by the compiler. `call` wraps it with the spec's client
// behaviour (apiClient.ts): cookies included, the caller's signal and time-out,
// errors as "status: message", 401 with the two-factor flag → /verify-2fa, and
// on401: 'returnNull' for the session probe.
import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '#edge-functions/app.ts';
import { answerOf, toError, withTimeout, type GetJsonOptions } from './apiClient.ts';

/** `api.candidates[':id'].$get({ param: { id } })`: every /api route, typed. */
export const api = hc<ApiType>('', { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'include' }) }).api;

/** The JSON a typed request answers with when it succeeds. */
export type Answer<R> = R extends ClientResponse<infer T, infer _Status, infer _Format> ? T : never;

type Request<R> = (options: { init: RequestInit }) => Promise<R>;

/** Sends a typed request and returns its JSON answer; see the file comment for errors. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Request<R>, options?: GetJsonOptions & { on401?: 'throw' }): Promise<Answer<R>>;
export async function call<R extends ClientResponse<unknown, number, string>>(request: Request<R>, options: GetJsonOptions & { on401: 'returnNull' }): Promise<Answer<R> | null>;
export async function call<R extends ClientResponse<unknown, number, string>>(request: Request<R>, options: GetJsonOptions = {}): Promise<Answer<R> | null> {
  const res = await withTimeout(options, (signal) => request({ init: { signal } })) as unknown as Response;
  return (await answerOf(res, options.on401)) as Answer<R> | null;
}

/** A typed request's Response as it is (headers, blobs): for X-Total-Count and file downloads. Throws like `call`. */
export async function callRaw<R extends ClientResponse<unknown, number, string>>(request: Request<R>, options: GetJsonOptions = {}): Promise<Response> {
  const res = await withTimeout(options, (signal) => request({ init: { signal } })) as unknown as Response;
  if (!res.ok) throw await toError(res);
  return res;
}
