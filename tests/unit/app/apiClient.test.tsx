// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  getJson, TIMEOUT_MESSAGE, TWO_FACTOR_MESSAGE, withParams,
} from '#app/api/apiClient.ts';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { assignLocation } from '#app/lib/browserNavigation.ts';
import { jsonResponse } from './renderWithProviders.tsx';

/** fetch as the API client calls it: always a path and an init. */
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;

function reply(response: Response | (() => Response)) {
  fetchMock.mockImplementation(() => Promise.resolve(typeof response === 'function' ? response() : response));
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(assignLocation).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('answers and errors (spec §8), as every reader gets them', () => {
  it('returns null for an empty reply', async () => {
    reply(new Response(null, { status: 204 }));
    expect(await getJson('/api/thing/1')).toBeNull();
  });

  it('reads every key as the server wrote it, also after an answer with a backslash key (V8 may misread the next)', async () => {
    reply(() => new Response('{"details":[],"\\\\":0}', { headers: { 'content-type': 'application/json' } }));
    await getJson('/api/thing/1');
    reply(() => new Response('{"details":1,"\\"":2}', { headers: { 'content-type': 'application/json' } }));
    expect(await getJson('/api/thing/2')).toEqual({ details: 1, '"': 2 });
  });

  it('uses the error field: "status: error"', async () => {
    reply(jsonResponse({ error: 'Invalid username or password', message: 'ignored' }, 401));
    const error = await failureOf(getJson('/api/auth/login'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('401: Invalid username or password');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Invalid username or password');
    expect(errorText(error)).toBe('Invalid username or password');
  });

  it('falls back to the message field', async () => {
    reply(jsonResponse({ message: 'Database unavailable' }, 503));
    expect((await failureOf(getJson('/api/x'))).message).toBe('503: Database unavailable');
  });

  it('falls back to the whole JSON', async () => {
    reply(jsonResponse({ code: 'forbidden' }, 403));
    expect((await failureOf(getJson('/api/x'))).message).toBe('403: {"code":"forbidden"}');
  });

  it('falls back to the plain text', async () => {
    reply(new Response('Bad Gateway from proxy', { status: 502 }));
    expect((await failureOf(getJson('/api/x'))).message).toBe('502: Bad Gateway from proxy');
  });

  it('falls back to the status text for an empty body', async () => {
    reply(new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    expect((await failureOf(getJson('/api/x'))).message).toBe('500: Internal Server Error');
  });

  it('keeps the JSON body and its code for callers', async () => {
    reply(jsonResponse({ error: 'Enrol first', code: 'two_factor_required' }, 403));
    const error = (await failureOf(getJson('/api/admin/users'))) as ApiError;
    expect(error.code).toBe('two_factor_required');
    expect(error.body).toEqual({ error: 'Enrol first', code: 'two_factor_required' });
  });

  it('redirects to /verify-2fa on a 401 flagged requiresTwoFactor', async () => {
    reply(jsonResponse({ error: 'Two-factor authentication required', requiresTwoFactor: true }, 401));
    const error = await failureOf(getJson('/api/candidates/1/messages'));
    expect(error.message).toBe(TWO_FACTOR_MESSAGE);
    expect(assignLocation).toHaveBeenCalledWith('/verify-2fa');
  });

  it('does not redirect on a 401 with requiresTwoFactor false', async () => {
    reply(jsonResponse({ error: 'Sign-in expired', requiresTwoFactor: false }, 401));
    const error = await failureOf(getJson('/api/auth/verify-2fa'));
    expect(error.message).toBe('401: Sign-in expired');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('times out after the caller-given time with the AI message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = failureOf(getJson('/api/ai-content/generate', undefined, { timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock.mock.calls[0][1].signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe(TIMEOUT_MESSAGE);
  });

  it('does not time out a request that answers in time', async () => {
    vi.useFakeTimers();
    reply(jsonResponse({ success: true }));
    await expect(getJson('/api/ai-content/generate', undefined, { timeoutMs: 1000 })).resolves.toEqual({ success: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the caller's cancellation through as an abort, not a time-out", async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const controller = new AbortController();
    const pending = failureOf(getJson('/api/search', undefined, { signal: controller.signal, timeoutMs: 5000 }));
    controller.abort();
    const error = await pending;
    expect(error.name).toBe('AbortError');
    expect(error.message).not.toBe(TIMEOUT_MESSAGE);
  });
});

describe('getJson', () => {
  it('GETs the path with query parameters and parses JSON', async () => {
    reply(jsonResponse([{ id: 1 }]));
    const result = await getJson('/api/search', { q: 'ada lovelace', limit: 10, skip: undefined, none: null });
    expect(result).toEqual([{ id: 1 }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/search?q=ada+lovelace&limit=10');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
  });

  it('throws on 401 by default', async () => {
    reply(jsonResponse({ error: 'Not signed in' }, 401));
    expect((await failureOf(getJson('/api/auth/me'))).message).toBe('401: Not signed in');
  });

  it("returns null on 401 with on401: 'returnNull'", async () => {
    reply(jsonResponse({ error: 'Not signed in' }, 401));
    expect(await getJson('/api/auth/me', undefined, { on401: 'returnNull' })).toBeNull();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it("still redirects a two-factor 401 with on401: 'returnNull'", async () => {
    reply(jsonResponse({ error: 'Two-factor authentication required', requiresTwoFactor: true }, 401));
    const error = await failureOf(getJson('/api/auth/me', undefined, { on401: 'returnNull' }));
    expect(error.message).toBe(TWO_FACTOR_MESSAGE);
    expect(assignLocation).toHaveBeenCalledWith('/verify-2fa');
  });

  it("throws other errors with on401: 'returnNull'", async () => {
    reply(jsonResponse({ error: 'boom' }, 500));
    expect((await failureOf(getJson('/api/auth/me', undefined, { on401: 'returnNull' }))).message).toBe('500: boom');
  });
});

describe('withParams', () => {
  it('leaves a path without parameters alone', () => {
    expect(withParams('/api/talent-pools')).toBe('/api/talent-pools');
    expect(withParams('/api/talent-pools', { a: undefined })).toBe('/api/talent-pools');
  });

  it('appends to an existing query string', () => {
    expect(withParams('/api/candidates?limit=10000', { pool: 3, active: true })).toBe('/api/candidates?limit=10000&pool=3&active=true');
  });
});
