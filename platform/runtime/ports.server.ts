// TCP ports on 127.0.0.1: whether one is free, and one the system picks.
import net from 'node:net';

/** Listens on 127.0.0.1:`port` (0: any free one) and lets go again; null when taken. */
export function probePort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(null));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

/** A port nobody listens on right now (the system's choice), for a server started next. */
export async function freePort(): Promise<number> {
  const port = await probePort(0);
  if (port === null) throw new Error('No free TCP port on 127.0.0.1');
  return port;
}
