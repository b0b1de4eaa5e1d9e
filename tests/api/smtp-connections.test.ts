// The SMTP adapter's own pool of connections (platform/mail/smtp-connections.server.ts, decision 066) against a
// real SMTP server on 127.0.0.1 (smtp-server): what a recruiter's campaign relies on when the mail server
// drops idle connections, refuses one address, asks for a login, or allows only a few connections.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createSmtpMail } from '#platform/mail/smtp.server.ts';
import type { MailPort, OutgoingMail } from '#platform/mail/port.server.ts';

interface TestServer { url: string; accepted: Array<{ to: string[]; raw: Buffer }>; connections: number; open: number; mostOpen: number; closed: number; close(): Promise<void> }

async function smtpServer(options: Partial<SMTPServerOptions> & { refuse?: string; credentials?: string } = {}): Promise<TestServer> {
  const state = { accepted: [] as TestServer['accepted'], connections: 0, open: 0, mostOpen: 0, closed: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.credentials ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (`${auth.username}:${auth.password}` === options.credentials) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Username and Password not accepted'), { responseCode: 535 }));
    },
    onConnect(_session, callback) {
      state.connections++;
      state.open++;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      callback();
    },
    onClose() {
      state.open--;
      state.closed++;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (options.refuse && to.includes(options.refuse)) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        state.accepted.push({ to, raw: Buffer.concat(chunks) });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = options.credentials ? `${options.credentials.split(':').map(encodeURIComponent).join(':')}@` : '';
  return Object.assign(state, {
    url: `smtp://${auth}127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const mail = (n: number, address = `candidate-${n}@example.com`): OutgoingMail => ({
  messageRowId: n, messageId: `<m${n}@talentloop.test>`, from: 'Talentloop Recruiting <recruiting@talentloop.test>',
  to: { name: `Candidate ${n}`, address }, replyTo: `reply+${n}@talentloop.test`, subject: `Hello ${n}`,
  text: `Line one.\n.A line that starts with a dot\nBye ${n}`, html: `<p>Hello ${n}</p>`, headers: {},
});

const ports: MailPort[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(ports.splice(0).map((port) => port.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setUp(options: Parameters<typeof smtpServer>[0] = {}, maxConnections?: number) {
  const server = await smtpServer(options);
  servers.push(server);
  const port = createSmtpMail(server.url, { maxConnections });
  ports.push(port);
  return { server, port };
}

describe('the SMTP adapter', () => {
  it('sends each message whole, with its envelope, and keeps one connection for the next', async () => {
    const { server, port } = await setUp({}, 1);
    for (const n of [1, 2, 3]) await port.send(mail(n));
    expect(server.accepted.map((m) => m.to)).toEqual([['candidate-1@example.com'], ['candidate-2@example.com'], ['candidate-3@example.com']]);
    expect(server.connections).toBe(1);
    const parsed = await simpleParser(server.accepted[0].raw);
    expect(parsed.messageId).toBe('<m1@talentloop.test>');
    expect(parsed.subject).toBe('Hello 1');
    expect(parsed.text?.trim()).toBe('Line one.\n.A line that starts with a dot\nBye 1');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Talentloop Recruiting', address: 'recruiting@talentloop.test' });
  });

  it('a connection the server closed while idle is replaced, and the next message arrives', async () => {
    // The server ends a connection after a second without a command, as real servers do after some minutes.
    const { server, port } = await setUp({ socketTimeout: 1_000 }, 1);
    await port.send(mail(1));
    await expect.poll(() => server.closed, { timeout: 10_000 }).toBe(1);
    await port.send(mail(2));
    expect(server.accepted.map((m) => m.to[0])).toEqual(['candidate-1@example.com', 'candidate-2@example.com']);
    expect(server.connections).toBe(2);
  });

  it('a refused address fails its own message only: the connection goes on with the next', async () => {
    const { server, port } = await setUp({ refuse: 'gone@example.com' }, 1);
    await expect(port.send(mail(1, 'gone@example.com'))).rejects.toMatchObject({ permanent: true, message: expect.stringContaining('550') });
    await port.send(mail(2));
    expect(server.accepted.map((m) => m.to[0])).toEqual(['candidate-2@example.com']);
    expect(server.connections).toBe(1);
  });

  it('logs in with the URL\'s user and password, and a refused login fails the message for good', async () => {
    const { server, port } = await setUp({ credentials: 'mailer@talentloop.test:s3cret' });
    await port.send(mail(1));
    expect(server.accepted).toHaveLength(1);

    const wrong = await smtpServer({ credentials: 'mailer@talentloop.test:other' });
    servers.push(wrong);
    const refused = createSmtpMail(server.url.replace(/:\d+$/, `:${new URL(wrong.url).port}`));
    ports.push(refused);
    await expect(refused.send(mail(2))).rejects.toMatchObject({ permanent: true, message: expect.stringContaining('535') });
    expect(wrong.accepted).toHaveLength(0);
  });

  it('opens no more connections than allowed, however many messages wait', async () => {
    const { server, port } = await setUp({}, 2);
    await Promise.all(Array.from({ length: 12 }, (_, i) => port.send(mail(i + 1))));
    expect(server.accepted).toHaveLength(12);
    expect(server.connections).toBe(2);
    expect(server.mostOpen).toBe(2);
  });

  it('a server that cannot be reached fails the message as worth retrying', async () => {
    const { server, port } = await setUp({}, 1);
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    await expect(port.send(mail(1))).rejects.toMatchObject({ permanent: false, message: expect.stringMatching(/ECONNREFUSED|ECONNECTION|ESOCKET/) });
  });
});
