import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface DrainOutcome {
  /** True when connections were still open at the deadline and had to be destroyed. */
  deadlineHit: boolean;
}

export interface DrainableServer {
  server: Server;
  /**
   * Stops accepting connections, lets requests in flight finish, answers every further request on an open
   * connection with `Connection: close`, closes connections that stay idle, and destroys whatever is still
   * open at the deadline.
   */
  drain(deadlineMs: number): Promise<DrainOutcome>;
}

/**
 * How long a keep-alive connection that is idle when the drain starts may still bring a request. A client may
 * have sent one already; closing the connection under it would fail that request, answering it with
 * `Connection: close` tells the client to go elsewhere.
 */
const idleGraceMs = 500;

export function createDrainableServer(listener: RequestListener): DrainableServer {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    if (draining) response.setHeader('Connection', 'close');
    listener(request, response);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  return {
    server,
    drain(deadlineMs) {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      return new Promise((resolve) => {
        let deadlineHit = false;
        const idleSweep = setTimeout(() => {
          server.closeIdleConnections();
          // A connection that has not sent a byte is not "idle" to node:http (it waits for the first request's
          // headers), so it would hold the drain until its client gives up; there is no request on it to lose.
          for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
        }, idleGraceMs);
        const deadline = setTimeout(() => {
          deadlineHit = true;
          for (const socket of sockets) socket.destroy();
        }, deadlineMs);
        // net.Server's close, not http.Server's: the latter also closes idle keep-alive connections at once,
        // failing a request a client is sending on one at that moment (see idleGraceMs).
        NetServer.prototype.close.call(server, () => {
          clearTimeout(idleSweep);
          clearTimeout(deadline);
          resolve({ deadlineHit });
        });
      });
    },
  };
}
