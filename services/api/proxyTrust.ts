/**
 * How far the app trusts `X-Forwarded-For` (`TRUST_PROXY`). `true`: the first address in it, right behind a proxy
 * that replaces the header. A number N: only the last N addresses, those the N proxies nearest the server wrote,
 * and the client is the first of them; what a client wrote into the header itself is ignored, which a proxy
 * that appends to the header (nginx's `$proxy_add_x_forwarded_for`) needs, or anyone could name their own
 * address and slip past the limits counted per address (logins, reservations).
 */
export function proxyTrust(value: string | undefined): { proxy: boolean; maxIpsCount?: number } {
  if (value === 'true') return { proxy: true };
  const hops = value === undefined || value.trim() === '' ? 0 : Number(value);
  return Number.isSafeInteger(hops) && hops > 0 ? { proxy: true, maxIpsCount: hops } : { proxy: false };
}
