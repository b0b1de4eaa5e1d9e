// Microsoft Graph sendMail with application permissions (client credentials).
// The message is uploaded as MIME (base64), because Graph's JSON form only
// carries custom headers named X-*: List-Unsubscribe, In-Reply-To and
// References would be lost.
// The middleware chain is our own: the SDK's AuthenticationHandler silently
// sends no token to a host it does not recognise (a sovereign cloud, a test server).
import { Client, GraphError, HTTPMessageHandler, ResponseType, type Context, type Middleware } from '@microsoft/microsoft-graph-client';
import { ClientSecretCredential, type TokenCredential } from '@azure/identity';
import type { Config } from '../runtime/config.ts';
import { buildRaw, MailDeliveryError, type MailPort } from './port.ts';

const SCOPE = 'https://graph.microsoft.com/.default';

export function graphConfigured(graph: Config['graph']): boolean {
  return Boolean(graph.tenantId && graph.clientId && graph.clientSecret && graph.mailbox);
}

function bearerToken(credential: TokenCredential): Middleware & { setNext(middleware: Middleware): void } {
  let next: Middleware | undefined;
  return {
    async execute(context: Context) {
      const token = await credential.getToken(SCOPE);
      if (!token) throw new MailDeliveryError('Microsoft Graph: no access token', false);
      context.options ??= {};
      const headers = context.options.headers;
      if (headers instanceof Headers) headers.set('Authorization', `Bearer ${token.token}`);
      else context.options.headers = { ...(headers as Record<string, string> | undefined), Authorization: `Bearer ${token.token}` };
      await next!.execute(context);
    },
    setNext(middleware: Middleware) { next = middleware; },
  };
}

/** 429, 5xx and 401 (a token that just expired) are retried; other 4xx answers are final. */
const isPermanent = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

function graphFailure(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const status = error instanceof GraphError ? error.statusCode : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new MailDeliveryError(`Microsoft Graph ${status ?? 'error'}: ${message}`, status !== undefined && isPermanent(status), { cause: error });
}

export function createGraphMail(graph: Config['graph'], credential?: TokenCredential): MailPort {
  const tokens = credential ?? new ClientSecretCredential(graph.tenantId!, graph.clientId!, graph.clientSecret!,
    graph.authorityHost ? { authorityHost: graph.authorityHost, disableInstanceDiscovery: true } : {});
  const auth = bearerToken(tokens);
  const http = new HTTPMessageHandler();
  auth.setNext(http);
  const client = Client.initWithMiddleware({
    middleware: auth,
    ...(graph.baseUrl ? { baseUrl: graph.baseUrl.replace(/\/$/, '') } : {}),
  });
  return {
    kind: 'graph',
    async send(mail) {
      try {
        const mime = (await buildRaw(mail)).toString('base64');
        // RAW: sendMail answers 202 with an empty body, which the SDK would try to parse as JSON.
        const response = await client.api(`/users/${encodeURIComponent(graph.mailbox!)}/sendMail`)
          .header('Content-Type', 'text/plain').responseType(ResponseType.RAW).post(mime) as Response;
        if (!response.ok) {
          const body = await response.text().catch(() => '');
          const detail = (() => { try { return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body; } catch { return body; } })();
          throw new MailDeliveryError(`Microsoft Graph ${response.status}: ${detail || response.statusText}`, isPermanent(response.status));
        }
        // Graph answers 202 with no id; the Message-ID we set is the one the receiver sees.
        return { providerMessageId: mail.messageId };
      } catch (error) {
        throw graphFailure(error);
      }
    },
    async close() {},
  };
}
