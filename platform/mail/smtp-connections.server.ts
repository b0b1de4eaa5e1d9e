// A pool of SMTP connections (nodemailer's SMTPConnection) for messages that are
// already bytes: each goes to the socket as one buffer, where nodemailer's own
// transport streams it from the composer in a dozen small writes, each a
// system call here and a read in the receiving server (decision 066). The
// rules are nodemailer's pool's: connections open as needed up to a number and
// stay open; a refused message leaves its connection reset and usable; a
// connection the server dropped while idle is replaced, and the message that
// found it dropped goes out over a new one, if not a byte of it was sent.
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import wellKnown from 'nodemailer/lib/well-known';

export interface Envelope { from: string; to: string[] }

export interface SmtpConnections {
  /** Resolves once the server accepted the message; rejects with nodemailer's error (code, responseCode, response). */
  send(envelope: Envelope, message: Buffer): Promise<void>;
  /** Closes the idle connections now and the busy ones when their message is done. */
  close(): void;
}

export interface SmtpConnectionOptions {
  maxConnections: number;
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** `busy` while it carries a message; `dropped` once the server or the network ended it. */
interface Connection { smtp: SMTPConnection; sent: number; state: 'connecting' | 'idle' | 'busy' | 'gone'; dropped: boolean }

/** What an SMTP_URL may say (nodemailer's reading of it): the connection's options, a login, a well-known service. */
type UrlOptions = SMTPConnection.Options & { auth?: SMTPConnection.Credentials; forceAuth?: boolean; service?: string };

/** nodemailer's: a dropped connection, a time-out, or 421 (the server is closing the channel). */
function transient(error: SMTPConnection.SMTPError): boolean {
  return error.responseCode === 421 || ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT'].includes(error.code ?? '');
}

/** The message as a stream, only to tell whether a byte of it left (nodemailer's own test for a safe resend). */
function messageStream(message: Buffer): Readable {
  return new Readable({ read() { this.push(message); this.push(null); } });
}

export function createSmtpConnections(url: string, limits: SmtpConnectionOptions): SmtpConnections {
  const fromUrl: UrlOptions = parseConnectionUrl(url);
  const options: UrlOptions = { ...limits, ...fromUrl, ...(fromUrl.service ? wellKnown(fromUrl.service) : {}) };
  const idle: Connection[] = [];
  const waiting: Array<() => void> = [];
  let open = 0;
  let closed = false;

  function connect(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const smtp = new SMTPConnection(options);
      const connection: Connection = { smtp, sent: 0, state: 'connecting', dropped: false };
      const fail = (error: Error) => {
        if (connection.state !== 'connecting') return;
        connection.state = 'gone';
        smtp.close();
        reject(error);
      };
      // Always listened to: a connection the server ends while idle says so with an 'error', then 'end'.
      smtp.on('error', fail);
      smtp.once('end', () => {
        connection.dropped = true;
        fail(new Error('The SMTP server closed the connection'));
        if (connection.state === 'idle') release(connection, false);
      });
      smtp.connect((error) => {
        if (error) return fail(error);
        const ready = () => {
          if (connection.state !== 'connecting') return;
          connection.state = 'busy';
          resolve(connection);
        };
        if (!options.auth || !(smtp.allowsAuth || options.forceAuth)) return ready();
        smtp.login(options.auth, (loginError) => (loginError ? fail(loginError) : ready()));
      });
    });
  }

  /** An idle connection, a new one, or the next one to come free. */
  async function acquire(): Promise<Connection> {
    for (;;) {
      if (closed) throw Object.assign(new Error('The SMTP connections are closed'), { code: 'ECONNECTION' });
      const connection = idle.pop();
      if (connection) { connection.state = 'busy'; return connection; }
      if (open < limits.maxConnections) {
        open++;
        return connect().catch((error: unknown) => {
          open--;
          waiting.shift()?.();
          throw error;
        });
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  /** Gives a connection back to the idle ones (`keep`), or ends it; either way one waiting sender may go on. */
  function release(connection: Connection, keep: boolean) {
    if (connection.state === 'gone') return;
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    if (keep && !connection.dropped && !closed) {
      connection.state = 'idle';
      idle.push(connection);
    } else {
      connection.state = 'gone';
      open--;
      if (connection.dropped) connection.smtp.close(); else connection.smtp.quit();
    }
    waiting.shift()?.();
  }

  function sendOn(connection: Connection, envelope: Envelope, message: Readable): Promise<void> {
    return new Promise((resolve, reject) => {
      connection.smtp.send(envelope, message, (error) => {
        if (!error) {
          connection.sent++;
          release(connection, true);
          return resolve();
        }
        // Refused, the session still sound: RSET and keep the connection.
        if ((error.code === 'EENVELOPE' || error.code === 'EMESSAGE') && error.responseCode !== 421 && !connection.dropped) {
          connection.smtp.reset((resetError) => release(connection, !resetError));
        } else {
          connection.dropped = true;
          release(connection, false);
        }
        reject(error);
      });
    });
  }

  async function send(envelope: Envelope, message: Buffer): Promise<void> {
    const connection = await acquire();
    const body = messageStream(message);
    try {
      await sendOn(connection, envelope, body);
    } catch (error) {
      const reused = connection.sent > 0;
      if (!reused || body.readableDidRead || !transient(error as SMTPConnection.SMTPError)) throw error;
      // The server had dropped the connection while it waited: the message goes out over a new one.
      await sendOn(await acquire(), envelope, messageStream(message));
    }
  }

  return {
    send,
    close() {
      closed = true;
      for (const connection of [...idle]) release(connection, false);
      for (const wake of waiting.splice(0)) wake();
    },
  };
}
