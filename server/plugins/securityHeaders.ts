// Security headers on every answer, as helmet writes them: today's content security policy (scripts and
// styles from this origin only; MUI, the console's styling, injects its styles at run time, hence 'unsafe-inline'
// for styles), no framing, no referrer outside the site, nosniff. A JSON answer ignores the CSP, so one policy serves
// all. HSTS only where the site is known to be behind TLS: TRUST_PROXY is on and the proxy says the request came
// over HTTPS (X-Forwarded-Proto). A village server reached over plain HTTP on its own network must not tell a browser
// to refuse it for a year.
//
// Helmet computes its headers again for every request, though with these options they never change: that took
// about a tenth of a kept answer's time (measured with bench/bareServer.mjs; its Fastify plugin runs it for each
// request). So helmet's middleware writes them once at start-up, onto a response no client receives, and the
// headers it wrote are set on every answer as they are.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isApiRequest } from '../http/routedPath';

const SITE_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * What the pages may ask of the device (helmet does not write this header): the console asks for the phone's
 * location to record where a grave lies (GravePosition), from this origin only; nothing else is ever needed.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers helmet sets with the register's options, written once onto a response that is never sent. */
export function helmetHeaders(): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: SITE_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  })(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * A year, this host only: the register may live on a sub-domain of a village or association domain whose other
 * hosts are not ours to promise HTTPS for. No preload (a list a village cannot easily leave).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (for answers written straight to the socket). */
    securityHeaders: Readonly<Record<string, string>>;
    /** Whether this request's answer carries Strict-Transport-Security (it came over HTTPS through a trusted proxy). */
    overTls(request: FastifyRequest): boolean;
  }
}

async function securityHeaders(app: FastifyInstance, options: { trustProxy: boolean }): Promise<void> {
  const headers = Object.freeze({ ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY });
  app.decorate('securityHeaders', headers);
  // request.protocol reads X-Forwarded-Proto only when the connecting peer is a trusted proxy (a named one, or the
  // nearest hop); without a trusted proxy the server itself speaks plain HTTP, so no answer claims TLS.
  app.decorate('overTls', (request: FastifyRequest) => options.trustProxy && request.protocol === 'https');
  // Set as the answer leaves (a kept answer written straight to the socket writes them itself, see answerCache).
  // API answers are about the register as it is now: no cache may keep them unless the route says otherwise (the
  // answer cache's revalidated answers do).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    if (app.overTls(request)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (!reply.hasHeader('Cache-Control') && isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
