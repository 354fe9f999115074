// The request lines of the log (server/start/log.ts says which level logs what): at `access` one line per request; from
// `info` staff writes (who changed what); from `warn` requests slower than SLOW_REQUEST_MS. Failures are logged
// where they are caught (the errors plugin). Fastify's own two lines per request are off (app.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { SLOW_REQUEST_MS, type LogLevel } from '../start/log';

declare module 'fastify' {
  interface FastifyInstance {
    /** Logs a request answered so far if it is already slower than a second (the answer cache's builds). */
    logIfSlow(request: FastifyRequest, reply: FastifyReply): void;
  }
}

const line = (request: FastifyRequest, statusCode: number, ms: number) =>
  `${request.method} ${request.url} ${statusCode} ${ms.toFixed(1)} ms`;

const isStaffWrite = (request: FastifyRequest) =>
  request.account !== null && request.method !== 'GET' && request.method !== 'HEAD';

async function requestLog(app: FastifyInstance, { level }: { level: LogLevel }): Promise<void> {
  const everyRequest = level === 'access';
  const log = app.log as FastifyInstance['log'] & { access(fields: object, message: string): void };

  const fields = (request: FastifyRequest, statusCode: number, ms: number) => ({
    method: request.method,
    url: request.url,
    status: statusCode,
    ms: Math.round(ms * 10) / 10,
    ...(request.account && { account: request.account.email }),
  });
  const logOne = (request: FastifyRequest, reply: FastifyReply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    if (ms > SLOW_REQUEST_MS) log.warn(fields(request, status, ms), `slow: ${line(request, status, ms)}`);
    else if (isStaffWrite(request)) {
      log.info(fields(request, status, ms), `staff write by ${request.account!.email}: ${line(request, status, ms)}`);
    } else if (everyRequest) log.access(fields(request, status, ms), line(request, status, ms));
  };

  const onResponse: onResponseHookHandler = (request, reply, done) => {
    logOne(request, reply);
    done();
  };
  const noop = () => {};
  if (everyRequest) {
    app.decorate('logIfSlow', noop);
    app.addHook('onResponse', onResponse);
    return;
  }
  // Nothing at all per request when the level would drop every line of it.
  if (level === 'error' || level === 'silent') {
    app.decorate('logIfSlow', noop);
    return;
  }
  // info, warn: what may be slow or a staff write. A kept answer (plugins/answerCache.ts) leaves from memory in
  // microseconds, and the hook alone cost a few percent of it (bench/bareServer.mjs): its routes go without, and the
  // answer cache times their builds itself, once per change (logIfSlow).
  app.decorate('logIfSlow', (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.elapsedTime > SLOW_REQUEST_MS) logOne(request, reply);
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.answerCache) return;
    const hooks =
      route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    route.onResponse = [...hooks, onResponse];
  });
}

export default fp(requestLog, { name: 'request-log' });
