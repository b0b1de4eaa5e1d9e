// A Microsoft Graph client with application permissions (client credentials),
// shared by the mail adapter (./graph.ts) and the recruiters' calendars
// (domain/meetings/teams.ts).
// The middleware chain is our own: the SDK's AuthenticationHandler silently
// sends no token to a host it does not recognise (a sovereign cloud, a test server).
import { Client, HTTPMessageHandler, type Context, type Middleware } from '@microsoft/microsoft-graph-client';
import { ClientSecretCredential, type TokenCredential } from '@azure/identity';
import type { Config } from '../runtime/config.server.ts';

const SCOPE = 'https://graph.microsoft.com/.default';

function bearerToken(credential: TokenCredential, noToken: () => Error): Middleware & { setNext(middleware: Middleware): void } {
  let next: Middleware | undefined;
  return {
    async execute(context: Context) {
      const token = await credential.getToken(SCOPE);
      if (!token) throw noToken();
      context.options ??= {};
      const headers = context.options.headers;
      if (headers instanceof Headers) headers.set('Authorization', `Bearer ${token.token}`);
      else context.options.headers = { ...(headers as Record<string, string> | undefined), Authorization: `Bearer ${token.token}` };
      await next!.execute(context);
    },
    setNext(middleware: Middleware) { next = middleware; },
  };
}

/**
 * A Graph client on the app registration's credential (or `credential`, e.g. in tests).
 * `MS_AUTHORITY_HOST` points the token requests elsewhere (a sovereign cloud, a test server).
 */
export function createGraphClient(graph: Config['graph'], credential?: TokenCredential,
  noToken: () => Error = () => new Error('Microsoft Graph: no access token')): Client {
  const tokens = credential ?? new ClientSecretCredential(graph.tenantId!, graph.clientId!, graph.clientSecret!,
    graph.authorityHost ? { authorityHost: graph.authorityHost, disableInstanceDiscovery: true } : {});
  const auth = bearerToken(tokens, noToken);
  auth.setNext(new HTTPMessageHandler());
  return Client.initWithMiddleware({
    middleware: auth,
    ...(graph.baseUrl ? { baseUrl: graph.baseUrl.replace(/\/$/, '') } : {}),
  });
}

/** 429, 5xx and 401 (a token that just expired) are worth a retry; other 4xx answers are final. */
export const isPermanentGraphStatus = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/** The message of Graph's JSON error body ({ error: { code, message } }), else the body as it is. */
export function graphErrorDetail(body: string): string {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
  } catch {
    return body;
  }
}
