import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync, readlinkSync } from 'node:fs';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface GracefulDrainOptions {
  /**
   * During a drain, a keep-alive connection with nothing in flight is closed once it has been
   * idle this long. A load balancer's own idle timeout for its connections here must be
   * shorter (deploy/nginx/toolyard.conf), so that it never sends a request on a connection
   * the server is closing.
   */
  idleMs?: number;
  /** The longest a drain waits for requests in flight before cutting their connections. */
  timeoutMs?: number;
  /** The longest it goes on taking connections that were waiting when the drain began. */
  acceptMs?: number;
}

interface Connection {
  /** Responses not yet finished on this connection (more than one when pipelined). */
  responses: Set<ServerResponse>;
  idleSince: number;
}

/**
 * Closing without failing a request (ADR 014). Two things reset requests that clients had
 * already sent when a server simply closes:
 *
 * - Node's `server.close()` also closes every keep-alive connection with no request being
 *   answered at that instant, including one whose next request has arrived but is not read
 *   yet. Under load that is most connections.
 * - Closing the listening socket resets the connections the kernel has accepted for it that
 *   Node has not taken yet, requests and all. Node takes one per turn of its event loop, and
 *   on the embedded database a turn can last tens of milliseconds (its queries and commits
 *   run on the event loop), so under load dozens wait there.
 *
 * Instead: take the connections already waiting, then stop accepting (`stopAccepting`, which
 * main calls before `close()`); from then on answer every request in flight or still arriving
 * on an open connection, each with `Connection: close`, so its client opens its next
 * connection elsewhere; close a connection only once it has been idle for `idleMs`; and after
 * `timeoutMs`, cut what is left, so a shutdown is bounded.
 */
export const gracefulDrainPlugin = fp(
  async (
    app: FastifyInstance,
    { idleMs = 2000, timeoutMs = 6000, acceptMs = 4000 }: GracefulDrainOptions,
  ) => {
    const connections = new Map<Socket, Connection>();
    let accepted = 0;

    app.server.on('connection', (socket: Socket) => {
      accepted++;
      connections.set(socket, { responses: new Set(), idleSince: Date.now() });
      socket.once('close', () => connections.delete(socket));
    });

    function track(connection: Connection, response: ServerResponse) {
      connection.responses.add(response);
      response.once('close', () => {
        connection.responses.delete(response);
        connection.idleSince = Date.now();
      });
    }
    // Added only when the drain starts, so serving costs nothing until then. Before Fastify's
    // own listener, which may answer at once (cached responses).
    const onRequestWhileDraining = (request: IncomingMessage, response: ServerResponse) => {
      response.setHeader('Connection', 'close');
      const connection = connections.get(request.socket);
      if (connection) track(connection, response);
    };

    /** Takes the connections already waiting, then closes the listening socket. */
    async function stopAccepting() {
      if (!app.server.listening) return;
      // Node takes at most one waiting connection in each turn of the event loop, and a turn
      // can be long (the embedded database works on it), so dozens may wait in the kernel's
      // queue for seconds. Where the kernel tells how many wait (Linux), turn until none do;
      // elsewhere until two turns in a row took none, the second of them quick. Answers keep
      // their connections open meanwhile, so that a load balancer reuses them rather than
      // opening new ones.
      const acceptUntil = Date.now() + acceptMs;
      const waiting = acceptQueue(app.server);
      for (let quiet = 0; Date.now() < acceptUntil;) {
        const before = accepted;
        const turnStart = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        if (waiting) {
          if (!waiting()) break; // none waiting, or the socket is gone
          continue;
        }
        quiet = accepted === before ? quiet + 1 : 0;
        if (quiet >= 2 && performance.now() - turnStart < 1) break;
      }
      // The listening socket only: http.Server#close would also close the idle connections.
      if (app.server.listening) NetServer.prototype.close.call(app.server);
    }
    app.decorate('stopAccepting', stopAccepting);

    app.addHook('preClose', async () => {
      await stopAccepting();
      app.server.prependListener('request', onRequestWhileDraining);
      const now = Date.now();
      for (const [socket, connection] of connections) {
        connection.idleSince = now;
        // The response this connection is writing, if any (Node's own record of it).
        const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (current && !current.writableFinished) {
          if (!current.headersSent) current.setHeader('Connection', 'close');
          track(connection, current);
        }
      }
      app.log.info(
        { connections: connections.size },
        'stopped accepting connections; answering the requests on open ones',
      );

      const deadline = Date.now() + timeoutMs;
      await new Promise<void>((resolve) => {
        const check = () => {
          const now = Date.now();
          const idle = [...connections].filter(
            ([, { responses, idleSince }]) => responses.size === 0 && now - idleSince >= idleMs,
          );
          // Timers run before the event loop reads sockets: after a long turn (PGlite's work
          // runs on it) a request may be waiting unread on an "idle" connection. Closing it
          // then would reset that request, so look again after this turn's reads.
          if (idle.length > 0) {
            setImmediate(() => {
              for (const [socket, connection] of idle) {
                if (connection.responses.size === 0) socket.destroy();
              }
            });
          }
          if (connections.size > 0 && now < deadline) return;
          clearInterval(timer);
          resolve();
        };
        const timer = setInterval(check, 20);
        check();
      });
      if (connections.size > 0) {
        app.log.warn(
          { connections: connections.size },
          `requests still running after ${timeoutMs} ms; closing their connections`,
        );
        for (const socket of connections.keys()) socket.destroy();
      }
    });
  },
  { name: 'graceful-drain' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful close, before `close()`: takes the connections already
     * waiting, with their requests, then stops accepting (close() does it too, but by then
     * Fastify answers every request with Connection: close, and a load balancer opens new
     * connections to replace them, which the closing port resets).
     */
    stopAccepting(): Promise<void>;
  }
}

/**
 * How many connections wait in the kernel's accept queue of a listening server, read from
 * /proc/net/tcp{,6} by the socket's inode (the Recv-Q that `ss -lt` shows); undefined where
 * that cannot be read (not Linux, no file descriptor), and null once the socket is gone.
 */
function acceptQueue(server: NetServer): (() => number | null) | undefined {
  const fd = (server as NetServer & { _handle?: { fd?: number } | null })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return undefined;
  let inode: string;
  try {
    inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? '';
  } catch {
    return undefined;
  }
  if (!inode) return undefined;
  const read = (): number | null => {
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let table: string;
      try {
        table = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const line of table.split('\n')) {
        // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode
        const fields = line.trim().split(/\s+/);
        if (fields[9] === inode) return parseInt(fields[4]?.split(':')[1] ?? '', 16);
      }
    }
    return null;
  };
  return read() === null ? undefined : read;
}
