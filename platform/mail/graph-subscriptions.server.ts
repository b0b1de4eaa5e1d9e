// Graph change-notification subscriptions (decision 039): POST /subscriptions (Graph first checks the
// notificationUrl with its validation token, and answers 400 when that fails), PATCH /subscriptions/{id}
// with a later expirationDateTime to renew, DELETE to end one. Graph's refusals come back as
// GraphInboxError (status, Graph's words), as the inbox reads' do.
import { ResponseType, type Client } from '@microsoft/microsoft-graph-client';
import type { TokenCredential } from '@azure/identity';
import type { Config } from '../runtime/config.server.ts';
import { createGraphClient, graphErrorDetail } from '../graph/graph-client.server.ts';
import { GraphInboxError } from './graph-inbox.server.ts';

export interface NewSubscription {
  /** e.g. users/{mailbox}/mailFolders('inbox')/messages */
  resource: string;
  notificationUrl: string;
  /** The secret Graph sends back with each notification. */
  clientState: string;
  expiresAt: Date;
}

export interface GraphSubscriptions {
  create(subscription: NewSubscription): Promise<{ id: string; expiresAt: Date }>;
  renew(id: string, expiresAt: Date): Promise<{ expiresAt: Date }>;
  /** Ends a subscription; one Graph no longer has is no error. */
  remove(id: string): Promise<void>;
}

async function send(client: Client, method: 'post' | 'patch' | 'delete', url: string, body?: object): Promise<Response> {
  const call = client.api(url).responseType(ResponseType.RAW);
  const response = await (method === 'delete' ? call.delete() : call[method](body)) as Response;
  if (response.ok) return response;
  const detail = graphErrorDetail(await response.text().catch(() => '')) || response.statusText;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new GraphInboxError(response.status, detail, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

const expiry = (body: { expirationDateTime?: string }, asked: Date) => (body.expirationDateTime ? new Date(body.expirationDateTime) : asked);

export function createGraphSubscriptions(graph: Config['graph'], credential?: TokenCredential): GraphSubscriptions {
  const client = createGraphClient(graph, credential);
  return {
    async create(subscription) {
      const body = await (await send(client, 'post', '/subscriptions', {
        changeType: 'created', resource: subscription.resource, notificationUrl: subscription.notificationUrl,
        clientState: subscription.clientState, expirationDateTime: subscription.expiresAt.toISOString(),
      })).json() as { id: string; expirationDateTime?: string };
      return { id: body.id, expiresAt: expiry(body, subscription.expiresAt) };
    },
    async renew(id, expiresAt) {
      const body = await (await send(client, 'patch', `/subscriptions/${encodeURIComponent(id)}`, {
        expirationDateTime: expiresAt.toISOString(),
      })).json() as { expirationDateTime?: string };
      return { expiresAt: expiry(body, expiresAt) };
    },
    async remove(id) {
      try {
        await send(client, 'delete', `/subscriptions/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof GraphInboxError && error.status === 404)) throw error;
      }
    },
  };
}
