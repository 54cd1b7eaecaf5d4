import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 that hands each new connection to the next backend in turn, as a load balancer
 * without sticky sessions does: HTTP keep-alive connections and WebSockets stay on the process they reached.
 * For the tests and the benchmark of several API processes (docs/decisions/process-roles.md).
 */
export interface RoundRobinProxy {
  url: string;
  /** Connections handed to each backend so far, in the order the backends were given. */
  connections(): number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  backends: readonly { host: string; port: number }[],
): Promise<RoundRobinProxy> {
  if (backends.length === 0) throw new Error('a proxy needs at least one backend');
  const counts = backends.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const index = next;
    next = (next + 1) % backends.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const backend = backends[index]!;
    const upstream = connect(backend.port, backend.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => [...counts],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
