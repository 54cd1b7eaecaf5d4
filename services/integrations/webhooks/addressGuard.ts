import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Webhooks go to public http(s) addresses only: a receiver's URL could otherwise make the server call its own
 * loopback, the private network or a cloud metadata address. The host is checked after DNS resolution, when
 * the endpoint is saved and again on every delivery, inside the connection's own lookup, so the address
 * checked is the address connected to (a name that later resolves elsewhere is caught too).
 * `WEBHOOKS_ALLOW_PRIVATE=true` lifts the rule (tests, a receiver on the same network).
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, carrier-grade NAT, multicast or reserved (IPv4-mapped IPv6 included). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type AddressCheck = { ok: true } | { ok: false; problem: string };

/** For saving an endpoint: scheme, then every address its host resolves to. */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<AddressCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, problem: 'Enter a full http:// or https:// address' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, problem: 'Only http:// and https:// addresses can receive webhooks' };
  if (parsed.username || parsed.password)
    return { ok: false, problem: 'Put no user name or password in the address' };
  if (allowPrivate) return { ok: true };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      return { ok: false, problem: 'The host could not be found' };
    }
  }
  const refused = addresses.find(isNonPublicAddress);
  return refused
    ? { ok: false, problem: `The host resolves to a loopback, private or link-local address (${refused})` }
    : { ok: true };
}

/** A DNS lookup that fails instead of answering a non-public address. */
function guardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list: LookupAddress[] = addresses;
      const refused = list.find((entry) => isNonPublicAddress(entry.address));
      if (refused || list.length === 0)
        return callback(
          Object.assign(new Error(`address not allowed: ${refused?.address ?? 'none'}`), {
            code: 'EADDRNOTALLOWED',
          }),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface WebhookResponse {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs one payload; never follows redirects (a redirect could point anywhere). */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number; now: () => number },
): Promise<WebhookResponse> {
  const started = options.now();
  const done = (status: number | null, error: string | null): WebhookResponse => ({
    status,
    error,
    durationMs: Math.max(0, options.now() - started),
  });
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve(done(null, 'invalid URL'));
      return;
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      resolve(done(null, 'only http and https are allowed'));
      return;
    }
    if (!options.allowPrivate && isIP(host) && isNonPublicAddress(host)) {
      resolve(done(null, `address not allowed: ${host}`));
      return;
    }
    const client = parsed.protocol === 'https:' ? https : http;
    const request = client.request(
      parsed,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body).toString(),
          'user-agent': 'Ticketing-Webhooks/1',
          ...headers,
        },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup() }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? null, null)));
        response.on('error', () => resolve(done(response.statusCode ?? null, null)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve(done(null, error.message)));
    request.end(body);
  });
}
