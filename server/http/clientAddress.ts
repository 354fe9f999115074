// Who a client is, for everything that counts clients: the request ceiling, the throttles (sign-ins, suggestions,
// corrections, photos, the first start's code) and the caps on what a visitor leaves waiting. An IPv4 address is
// one client. An IPv6 address is counted by its /64: a home line, a phone or a rented server is given a whole /64
// (2^64 addresses) to pick from at will, so counting full addresses would give anyone millions of allowances.
import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';

/** The bits of an IPv6 address that name one client's network (RFC 6177: a /64 is a single subnet). */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key an address is counted under: an IPv4 address as written (an IPv4-mapped IPv6 address, as a dual-stack
 * socket reports IPv4 clients, is that IPv4 address); an IPv6 address as its /64 (`2001:db8:1:2::/64`), whatever
 * its spelling. Something that is not an address (never from a socket) is kept as it is.
 */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_CLIENT_PREFIX}`);
  return `${network.toString()}/${IPV6_CLIENT_PREFIX}`;
}

/** The key this request's client is counted under (its address as TRUST_PROXY reads it: request.ip). */
export const clientKey = (request: FastifyRequest): string => clientKeyOf(request.ip);
