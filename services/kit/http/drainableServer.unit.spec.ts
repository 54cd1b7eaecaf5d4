import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDrainableServer, type DrainableServer } from './drainableServer';

describe('a draining server', () => {
  let drainable: DrainableServer | undefined;
  const clients: Socket[] = [];
  afterEach(() => {
    for (const client of clients) client.destroy();
    clients.length = 0;
    drainable?.server.close();
  });

  async function listening(): Promise<number> {
    drainable = createDrainableServer((_request, response) => response.end('ok'));
    const server = drainable.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  async function connected(port: number): Promise<Socket> {
    const client = connect(port, '127.0.0.1');
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    // The server has accepted it once it counts it.
    await new Promise<void>((resolve) => {
      const check = () =>
        drainable?.server.getConnections((_, count) => (count > 0 ? resolve() : setImmediate(check)));
      check();
    });
    return client;
  }

  it('closes a connection that never sent a byte instead of waiting for the deadline', async () => {
    const port = await listening();
    const silent = await connected(port);
    const closedByServer = new Promise<boolean>((resolve) => silent.once('close', () => resolve(true)));

    const outcome = await drainable!.drain(20_000);

    expect(outcome.deadlineHit).toBe(false);
    expect(await closedByServer).toBe(true);
  });

  it('still answers a request that was already on its way, then closes the connection', async () => {
    const port = await listening();
    const client = await connected(port);
    let answer = '';
    client.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.write('GET / HTTP/1.1\r\nHost: x\r\n');

    const drained = drainable!.drain(20_000);
    client.write('\r\n');

    expect((await drained).deadlineHit).toBe(false);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer.endsWith('ok')).toBe(true);
  });
});
