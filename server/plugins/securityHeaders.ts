// Security headers on every answer, by @fastify/helmet: today's content security policy (scripts and styles from
// this origin only; MUI, the console's styling, injects its styles at run time, hence 'unsafe-inline' for styles),
// no framing, no referrer outside the site, nosniff. A JSON answer ignores the CSP, so one policy serves all.
// HSTS stays off: a village server may be reached over plain HTTP on its own network.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: SITE_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  // API answers are about the register as it is now: no cache may keep them unless the route says otherwise (the
  // answer cache's revalidated answers do).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
