// The request lines of the log (server/log.ts says which level logs what): at `access` one line per request; from
// `info` staff writes (who changed what); from `warn` requests slower than SLOW_REQUEST_MS. Failures are logged
// where they are caught (the errors plugin). Fastify's own two lines per request are off (app.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SLOW_REQUEST_MS, type LogLevel } from '../log';

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

  // Nothing at all per request when the level would drop every line of it.
  if (level === 'error' || level === 'silent') return;
  app.addHook('onResponse', (request, reply, done) => {
    logOne(request, reply);
    done();
  });
}

export default fp(requestLog, { name: 'request-log' });
