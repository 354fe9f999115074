// Who may say where a request came from (TRUST_PROXY), in the form Fastify's router takes it.
import type { TrustProxy } from '../start/config';

/**
 * TRUST_PROXY as Fastify takes it. A hop count is a function of the hop's position: Fastify 5 turns a plain number
 * into "trust nobody" (it cannot check the nearest peer), while here the nearest `hops` peers are the proxies
 * by configuration. proxy-addr walks from the connecting peer (position 0) back along X-Forwarded-For, so with
 * one hop the client is the last address the proxy appended, whatever the client wrote before it.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.proxies;
}
