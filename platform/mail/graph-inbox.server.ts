// Reading a mailbox's Inbox through Microsoft Graph (decision 039), application permission Mail.Read:
// the delta query (GET /users/{mailbox}/mailFolders/inbox/messages/delta, paged by @odata.nextLink and
// ended by an @odata.deltaLink that the next read starts from) with only the fields that tell whether a
// mail answers ours, and the MIME of one message (/messages/{id}/$value). Nothing here changes the mailbox.
// Graph's answers that matter to the caller are GraphInboxError: 410 (the delta state is gone: start
// again), 429 with Retry-After, 5xx, and 403/404 (the mailbox is refused).
import { ResponseType, type Client } from '@microsoft/microsoft-graph-client';
import type { TokenCredential } from '@azure/identity';
import type { Config } from '../runtime/config.server.ts';
import { createGraphClient, graphErrorDetail } from '../graph/graph-client.server.ts';

/** What the delta asks for of each message: ids, the threading headers, the sender and recipients. */
export const INBOX_SELECT = 'id,internetMessageId,internetMessageHeaders,from,toRecipients,ccRecipients,receivedDateTime';

/** One message of a delta page, as far as the sync needs it. */
export interface InboxMessage {
  id: string;
  internetMessageId: string | null;
  /** The sender's address, lower case. */
  from: string | null;
  /** To and Cc addresses, lower case. */
  recipients: string[];
  /** Message-IDs in In-Reply-To and References. */
  references: string[];
}

export interface DeltaPage {
  messages: InboxMessage[];
  /** Exactly one of the two: more pages, or the end of this read (the next read starts there). */
  nextLink?: string;
  deltaLink?: string;
}

export class GraphInboxError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly retryAfterSeconds: number | null;
  constructor(status: number, detail: string, retryAfterSeconds: number | null) {
    super(`Microsoft Graph ${status}: ${detail}`);
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface GraphInbox {
  /** The first delta request of a mailbox's Inbox: mail received since `since`. */
  startUrl(mailbox: string, since: Date): string;
  page(url: string): Promise<DeltaPage>;
  mime(mailbox: string, messageId: string): Promise<Buffer>;
}

interface GraphMessage {
  id: string;
  '@removed'?: unknown;
  internetMessageId?: string | null;
  internetMessageHeaders?: Array<{ name: string; value: string }> | null;
  from?: { emailAddress?: { address?: string } } | null;
  toRecipients?: Array<{ emailAddress?: { address?: string } }> | null;
  ccRecipients?: Array<{ emailAddress?: { address?: string } }> | null;
}

const addressesOf = (list: GraphMessage['toRecipients']) =>
  (list ?? []).map((r) => r.emailAddress?.address?.toLowerCase()).filter((a): a is string => Boolean(a));

function inboxMessage(message: GraphMessage): InboxMessage {
  const headers = message.internetMessageHeaders ?? [];
  const threading = headers.filter((h) => /^(in-reply-to|references)$/i.test(h.name)).map((h) => h.value);
  return {
    id: message.id,
    internetMessageId: message.internetMessageId ?? null,
    from: message.from?.emailAddress?.address?.toLowerCase() ?? null,
    recipients: [...addressesOf(message.toRecipients), ...addressesOf(message.ccRecipients)],
    references: threading.flatMap((value) => value.match(/<[^<>\s]+>/g) ?? []),
  };
}

async function request(client: Client, url: string, prefer?: string): Promise<Response> {
  let call = client.api(url).responseType(ResponseType.RAW);
  if (prefer) call = call.header('Prefer', prefer);
  const response = await call.get() as Response;
  if (response.ok) return response;
  const detail = graphErrorDetail(await response.text().catch(() => '')) || response.statusText;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new GraphInboxError(response.status, detail, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

export function createGraphInbox(graph: Config['graph'], credential?: TokenCredential, pageSize = 100): GraphInbox {
  const client = createGraphClient(graph, credential);
  return {
    startUrl(mailbox, since) {
      // The message delta takes one $filter: receivedDateTime ge (or gt) a time.
      const filter = encodeURIComponent(`receivedDateTime ge ${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
      return `/users/${encodeURIComponent(mailbox)}/mailFolders/inbox/messages/delta?$select=${INBOX_SELECT}&$filter=${filter}`;
    },
    async page(url) {
      const body = await (await request(client, url, `odata.maxpagesize=${pageSize}`)).json() as {
        value?: GraphMessage[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string;
      };
      return {
        // A removed message (deleted, moved out of the Inbox) is no mail to read.
        messages: (body.value ?? []).filter((message) => !message['@removed']).map(inboxMessage),
        nextLink: body['@odata.nextLink'],
        deltaLink: body['@odata.deltaLink'],
      };
    },
    async mime(mailbox, messageId) {
      const response = await request(client, `/users/${encodeURIComponent(mailbox)}/messages/${encodeURIComponent(messageId)}/$value`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
