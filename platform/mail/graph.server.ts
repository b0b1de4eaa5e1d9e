// Microsoft Graph sendMail with application permissions (client credentials).
// The message is uploaded as MIME (base64), because Graph's JSON form only
// carries custom headers named X-*: List-Unsubscribe, In-Reply-To and
// References would be lost.
// The client (token middleware included) is ./graph-client.ts.
import { GraphError, ResponseType } from '@microsoft/microsoft-graph-client';
import type { TokenCredential } from '@azure/identity';
import type { Config } from '../runtime/config.server.ts';
import { buildRaw, MailDeliveryError, type MailPort } from './port.server.ts';
import { createGraphClient, graphErrorDetail, isPermanentGraphStatus as isPermanent } from '../graph/graph-client.server.ts';

/** Graph's answers that refuse the mailbox itself rather than this one mail. */
const MAILBOX_REFUSED = [403, 404];

export function graphConfigured(graph: Config['graph']): boolean {
  return Boolean(graph.tenantId && graph.clientId && graph.clientSecret && graph.mailbox);
}

function graphFailure(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const status = error instanceof GraphError ? error.statusCode : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new MailDeliveryError(`Microsoft Graph ${status ?? 'error'}: ${message}`, status !== undefined && isPermanent(status), { cause: error });
}

export function createGraphMail(graph: Config['graph'], credential?: TokenCredential): MailPort {
  const client = createGraphClient(graph, credential, () => new MailDeliveryError('Microsoft Graph: no access token', false));
  return {
    kind: 'graph',
    async send(mail) {
      const mailbox = mail.mailbox ?? graph.mailbox!;
      try {
        const mime = (await buildRaw(mail)).toString('base64');
        // RAW: sendMail answers 202 with an empty body, which the SDK would try to parse as JSON.
        const response = await client.api(`/users/${encodeURIComponent(mailbox)}/sendMail`)
          .header('Content-Type', 'text/plain').responseType(ResponseType.RAW).post(mime) as Response;
        if (!response.ok) {
          const detail = graphErrorDetail(await response.text().catch(() => '')) || response.statusText;
          // 403/404 name the mailbox: no Exchange licence, outside the application access policy, no such user.
          const refusedMailbox = MAILBOX_REFUSED.includes(response.status) ? { mailbox, status: response.status, detail } : undefined;
          throw new MailDeliveryError(`Microsoft Graph ${response.status}: ${detail}`, isPermanent(response.status), { refusedMailbox });
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
