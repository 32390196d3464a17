import * as net from 'node:net';

/**
 * A loopback TCP proxy the chaos suite controls: `cut()` drops every connection through it and
 * refuses new ones (the port stops listening), as a network partition or a restarting server looks
 * to a client; `restore()` listens again on the same port. No namespaces, no root (ADR 0022).
 */
export interface TcpProxy {
  readonly port: number;
  /** Connections currently open through the proxy. */
  readonly open: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetPort: number,
  { port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect({ port: targetPort, host });
    track(client);
    track(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('error', drop).once('close', drop);
    upstream.once('error', drop).once('close', drop);
  });
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, host, () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const bound = await listen(port);
  let listening = true;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    port: bound,
    get open() {
      return sockets.size / 2;
    },
    cut: stopListening,
    async restore() {
      if (listening) return;
      await listen(bound);
      listening = true;
    },
    close: stopListening,
  };
}
