import net from 'node:net';

export type TcpProxy = {
  /** The port clients connect to; it stays the same across an outage. */
  port: number;
  /** Closes the port and drops every connection: the server behind it looks down. */
  cut: () => Promise<void>;
  /** Listens again on the same port. */
  restore: () => Promise<void>;
};

/** A TCP relay to `target` that a test cuts and restores to play an outage of the server behind it. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve((listening.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
        for (const socket of sockets) socket.destroy();
      }),
    restore: async () => {
      await listen(port);
    },
  };
}
