import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { proxyTrust } from './proxyTrust';

/** The client address Koa reads for a request that came through proxies, under a `TRUST_PROXY` value. */
function clientIp(trust: string | undefined, forwardedFor: string): string {
  const app = new Koa(proxyTrust(trust));
  const request = {
    headers: { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '10.0.0.2' },
  } as unknown as IncomingMessage;
  const response = { getHeader: () => undefined, setHeader: () => undefined } as unknown as ServerResponse;
  return app.createContext(request, response).ip;
}

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For unless told to trust a proxy', () => {
    expect(clientIp(undefined, '203.0.113.9')).toBe('10.0.0.2');
    expect(clientIp('false', '203.0.113.9')).toBe('10.0.0.2');
    expect(clientIp('0', '203.0.113.9')).toBe('10.0.0.2');
  });

  it('true takes the first address: right behind a proxy that replaces the header', () => {
    expect(clientIp('true', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a number of proxies ignores addresses a client wrote itself before them', () => {
    // A client sends "X-Forwarded-For: 192.0.2.1"; the one proxy appends the address it saw.
    expect(clientIp('1', '192.0.2.1, 203.0.113.9')).toBe('203.0.113.9');
    // Two proxies: the outer one saw the client, the inner one the outer.
    expect(clientIp('2', '192.0.2.1, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
  });
});
