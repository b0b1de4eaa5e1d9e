// An in-process SMTP server on 127.0.0.1 (the smtp-server package) that keeps
// what it accepts, and can refuse on demand: a 4xx for temporary and a 5xx for
// permanent failures.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Config } from '#platform/runtime/config.server.ts';
import { budget } from './time-scale.ts';

export interface Received { from: string; to: string[]; raw: Buffer }

export interface SmtpSink {
  url: string;
  received: Received[];
  count: number;
  /** Messages accepted per recipient address (lower case), kept even with `keep: false`. */
  perRecipient: Map<string, number>;
  /** Answer DATA for this recipient with `code` the next `times` times. */
  refuse(recipient: string, code: number, times?: number): void;
  /**
   * Holds every message's answer from now on (the sender's transactions stay open) until the function it returns
   * is called; then each held message is taken, as a server that got it all would, even if its sender is gone.
   */
  stall(): () => void;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { keep?: boolean } = {}): Promise<SmtpSink> {
  const keep = options.keep ?? true;
  const refusals = new Map<string, { code: number; times: number }>();
  let stalled: Promise<void> | null = null;
  const sink = { received: [] as Received[], count: 0, perRecipient: new Map<string, number>() };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => { if (keep) chunks.push(chunk); });
      stream.on('end', () => {
        // While stalled, the answer waits (stall()).
        void (stalled ?? Promise.resolve()).then(() => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const refusal = to.map((address) => refusals.get(address.toLowerCase())).find((r) => r && r.times > 0);
          if (refusal) {
            refusal.times--;
            const error = Object.assign(new Error(refusal.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusal.code });
            callback(error);
            return;
          }
          sink.count++;
          for (const address of to) sink.perRecipient.set(address.toLowerCase(), (sink.perRecipient.get(address.toLowerCase()) ?? 0) + 1);
          if (keep) sink.received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw: Buffer.concat(chunks) });
          callback();
        });
      });
    },
  });
  // A client that dies mid-session (a killed worker) resets its connection: that is the client's problem.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    refuse(recipient: string, code: number, times = Infinity) { refusals.set(recipient.toLowerCase(), { code, times }); },
    stall() {
      let release = () => undefined as void;
      stalled = new Promise<void>((resolve) => { release = resolve; });
      return () => { stalled = null; release(); };
    },
    async waitFor(count: number, timeoutMs = 15_000) {
      timeoutMs = budget(timeoutMs);
      const started = Date.now();
      while (sink.count < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`SMTP sink: ${sink.count} of ${count} messages after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return sink.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Mail through this sink; no Graph, whatever the environment says. */
export function smtpConfig(sink: SmtpSink): Pick<Config, 'smtp' | 'graph'> {
  return {
    smtp: { url: sink.url, from: 'Talentloop Recruiting <recruiting@talentloop.test>' },
    graph: NO_GRAPH,
  };
}

export const NO_GRAPH: Config['graph'] = {
  tenantId: undefined, clientId: undefined, clientSecret: undefined, mailbox: undefined, authorityHost: undefined, baseUrl: undefined,
};

/** The dev outbox: no SMTP and no Graph. */
export const OUTBOX_MAIL: Pick<Config, 'smtp' | 'graph'> = {
  smtp: { url: undefined, from: 'Talentloop Recruiting <recruiting@talentloop.test>' },
  graph: NO_GRAPH,
};
