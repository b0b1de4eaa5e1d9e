// A tiny OpenAI-compatible server on 127.0.0.1 speaking the real wire format of
// POST /v1/chat/completions, to test the provider path without a network.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '#platform/runtime/config.server.ts';

export type FakeMode = 'ok' | 'error' | 'slow';

export interface FakeOpenAI {
  baseURL: string;
  mode: FakeMode;
  /** What the model "writes". */
  reply: string;
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; authorization?: string }>;
  close(): Promise<void>;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const fake = { mode: 'ok' as FakeMode, reply: 'Subject: Hello\n\nHi there', requests: [] as FakeOpenAI['requests'] };
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    for await (const chunk of req as AsyncIterable<Buffer>) body += chunk.toString();
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    const request = JSON.parse(body) as { model: string; messages: FakeOpenAI['requests'][number]['messages'] };
    fake.requests.push({ model: request.model, messages: request.messages, authorization: req.headers.authorization });
    if (fake.mode === 'slow') return; // never answers: the client's time-out must fire
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      id: 'chatcmpl-fake-1', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: request.model,
      choices: [{ index: 0, message: { role: 'assistant', content: fake.reply, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    }));
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}

/** No AI provider, whatever the environment says. */
export const NO_AI: Config['openai'] = { apiKey: undefined, baseURL: undefined, model: 'gpt-4o-mini', timeoutMs: 60_000 };
