import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxied database URL: the target's, with this proxy's port. */
  url: string;
  /**
   * The next time the server sends a chunk containing `pattern` (a command tag such as
   * `INSERT 0 1` or `COMMIT`), that chunk is dropped and the connection cut: the statement
   * ran, and its answer never arrives. Resolves when it has happened.
   */
  cutAfterReply(pattern: string): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy in front of a PostgreSQL server that can lose a reply on purpose. */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let armed: { pattern: Buffer; done: () => void } | undefined;

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.pattern)) {
        const { done } = armed;
        armed = undefined;
        cut();
        done();
        return;
      }
      client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', cut);
      socket.on('close', () => {
        sockets.delete(socket);
        cut();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);

  return {
    url: url.toString(),
    cutAfterReply: (pattern) =>
      new Promise<void>((resolve) => {
        armed = { pattern: Buffer.from(pattern), done: resolve };
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
