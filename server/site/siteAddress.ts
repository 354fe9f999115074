// The site's absolute address, for what must name a whole URL — a page's canonical link and share
// previews, the sitemap, robots.txt. The committee's `siteUrl` (the settings) when set; until then the address the
// request came to through a trusted proxy (X-Forwarded-Proto and X-Forwarded-Host, else the Host the proxy passed);
// without a trusted proxy in front, the address this server was reached at on its own socket. A Host header a client
// wrote itself, straight to the server, is never used: the pages, the sitemap and the previews could otherwise be
// made to name someone else's site.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../start/config';

/** proxy-addr's range names (TRUST_PROXY accepts them: server/start/config.ts). */
const RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4 address a dual-stack socket reports as ::ffff:a.b.c.d, as itself. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether the peer that connected is a proxy the configuration trusts to say where the request came to. */
export function trustsPeer(trust: TrustProxy): (peer: string | undefined) => boolean {
  if (trust === false) return () => false;
  // A number of hops: whoever connects is the nearest proxy, by configuration.
  if ('hops' in trust) return (peer) => trust.hops > 0 && peer !== undefined;
  const list = new BlockList();
  for (const entry of trust.proxies) {
    const named = RANGES[entry];
    if (named) {
      for (const [address, prefix, family] of named) list.addSubnet(address, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (peer) => {
    if (!peer) return false;
    const address = plainAddress(peer);
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** A host as a URL may carry it: a name or an IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The address of the server's own end of the connection: http://127.0.0.1:3000. */
function ownAddress(request: FastifyRequest): string {
  const socket = request.raw.socket;
  const address = plainAddress(socket.localAddress ?? '127.0.0.1');
  const host = isIP(address) === 6 ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}

/**
 * The site's address as this request reached it (no trailing slash), for when the settings give none: through a
 * trusted proxy, the scheme and host it forwarded; otherwise this server's own address.
 */
export function requestBase(request: FastifyRequest, trusted: (peer: string | undefined) => boolean): string {
  if (trusted(request.raw.socket.remoteAddress)) {
    // Fastify reads X-Forwarded-Proto and X-Forwarded-Host only from a peer it trusts (the same TRUST_PROXY).
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    const host = request.host.trim();
    if (HOST.test(host)) return `${protocol}://${host.toLowerCase()}`;
  }
  return ownAddress(request);
}

/** The site's address: the committee's when set, else the request's (requestBase). */
export const siteBase = (siteUrl: string, fallback: string): string => siteUrl.replace(/\/+$/, '') || fallback;
