// Every refusal and failure answers {message} in Arabic: schema failures name the field, framework errors (bad URL,
// body too large, wrong media type, malformed JSON) get their own reason, and nothing else leaks (500 is logged).
import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t, type MessageKey } from '../../src/domain/messages';
import { formatCount } from '../../src/domain/text/nouns';
import { isUnstorableText } from '../db/errors';
import { HttpError } from '../http/errors';
import { RegisterRefusal, type RefusalKind } from '../data/refusals';
import type { FieldErrors } from '../schemas/bodies';

/** The label a generic schema message uses for each body or query field. */
const FIELD_LABEL: Record<string, MessageKey> = {
  gender: 'field.gender',
  number: 'field.number',
  name: 'field.name',
  burialDate: 'field.burialDate',
  buriedPersonId: 'field.buriedPersonId',
  text: 'field.text',
  phone: 'field.phone',
  status: 'field.status',
  title: 'field.title',
  content: 'field.content',
  email: 'field.email',
  password: 'field.password',
  newPassword: 'field.newPassword',
  q: 'field.q',
  from: 'field.from',
  to: 'field.to',
  rows: 'field.rows',
};

interface AjvError {
  instancePath?: string;
  keyword?: string;
  params?: { missingProperty?: string; limit?: number };
}

/** The Arabic reason for the first schema failure: the route's own reason for that field, or a generic one. */
function validationMessage(error: FastifyError, fieldErrors: FieldErrors | undefined): string {
  const first = (error.validation?.[0] ?? {}) as AjvError;
  const field = first.params?.missingProperty ?? first.instancePath?.split('/')[1] ?? '';
  const own = fieldErrors?.[field];
  if (typeof own === 'string') return t(own);
  if (own) return t(first.keyword === 'maxLength' ? own.tooLong : own.other);
  const label = FIELD_LABEL[field];
  if (!label) return t(error.validationContext === 'params' ? 'errors.notFound' : 'errors.badRequest');
  if (first.keyword === 'required') return t('errors.fieldRequired', { field: t(label) });
  if (first.keyword === 'maxLength') {
    return t('errors.fieldTooLong', { field: t(label), max: formatCount(first.params?.limit ?? 0, 'letter') });
  }
  return t('errors.fieldInvalid', { field: t(label) });
}

/** The status of each kind of refusal the data layer makes (server/data/refusals.ts): here and nowhere else. */
const REFUSAL_STATUS: Record<RefusalKind, number> = {
  notFound: 404,
  invalid: 400,
  conflict: 409,
  tooMany: 429,
  full: 507,
};

/** Node's parser codes and the status each gets; anything else the parser refuses is a 400. */
const CLIENT_ERROR_STATUS: Record<string, { status: number; key: MessageKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'http.headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'http.timeout' },
  ERR_HTTP_HEADERS_TIMEOUT: { status: 408, key: 'http.timeout' },
};

/** How long the refusal's few hundred bytes may take to leave before the socket is cut all the same. */
const LAST_WORDS_MS = 1000;

/**
 * The refusal written, then the socket destroyed: not only half-closed. Node's HTTP sockets allow half-open
 * connections, so `end()` alone sends our side's close and then waits for the client's, which a client that stopped
 * sending never gives: the socket stayed the process's (FIN-WAIT-2) for as long as the client liked. Destroyed
 * once the answer has left, or after LAST_WORDS_MS when the client does not even read it.
 */
function answerAndDestroy(socket: Duplex, answer: string): void {
  const cut = setTimeout(() => socket.destroy(), LAST_WORDS_MS);
  cut.unref();
  socket.end(answer, () => {
    clearTimeout(cut);
    socket.destroy();
  });
}

/**
 * Fastify's `clientErrorHandler` option: what a request Node's parser refused (headers too large, a malformed request
 * line or header, a request not arrived within the timeouts) is answered, straight on the socket since no route was
 * reached. The same Arabic {message} as every refusal, with the security headers, then the connection is closed:
 * after a parse error the rest of what is on the socket cannot be trusted to start a request.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  // A client that went away or a socket already answered: nothing to say.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  // A route already began its answer on this socket (it refused a body that was still arriving, say): a second
  // answer would be read as part of the first. The connection is cut.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // A connection that never sent a byte (a browser opens spare ones ahead of need) is closed without an answer: an
  // answer written just as the browser puts its request on that socket would be read as the answer to it.
  if ((socket as Duplex & { bytesRead?: number }).bytesRead === 0) {
    socket.destroy();
    return;
  }
  const { status, key } = CLIENT_ERROR_STATUS[error.code ?? ''] ?? { status: 400, key: 'http.malformed' as const };
  const body = JSON.stringify({ message: t(key) });
  const security = this.hasDecorator('securityHeaders') ? Object.entries(this.securityHeaders) : [];
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    ...security.map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  answerAndDestroy(socket, `${head.join('\r\n')}\r\n\r\n${body}`);
}

/** Fastify's `frameworkErrors` option (malformed URLs and the like): the same Arabic {message} as every refusal. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ message: t('errors.badRequest') });
}

async function errors(app: FastifyInstance): Promise<void> {
  // react-admin's fetchJson (the console) and many other clients send Content-Type: application/json on every
  // PUT and DELETE, also those without a body (PUT /graves/full/{id}, DELETE /articles/{id}); browsers then send
  // Content-Length: 0. An empty JSON body is read as "no body" instead of being refused; routes that need a body
  // still refuse it through their schema. Anything else goes to Fastify's own JSON parser (prototype poisoning
  // refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Read as bytes: a body that is not valid UTF-8 is refused, not decoded with U+FFFD in place of what it held
  // (the text input rules, src/domain/text/textRules.ts, never store a text lossily).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (!isUtf8(bytes)) return done(new HttpError(400, t('input.notUtf8')), undefined);
    const text = bytes.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (error instanceof RegisterRefusal) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return reply.status(REFUSAL_STATUS[error.kind]).send({ message: t(error.key, error.params) });
    }
    if (error.validation) {
      const status = error.validationContext === 'params' ? 404 : 400;
      return reply.status(status).send({ message: validationMessage(error, request.routeOptions.config?.fieldErrors) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const own = request.routeOptions.config?.tooLarge;
        return reply.status(413).send({ message: own ? t(own.key, own.params) : t('errors.payloadTooLarge') });
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: t('errors.unsupportedMedia') });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: t('errors.badRequest') });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: t('errors.malformedJson') });
    }
    if (isUnstorableText(error)) return reply.status(400).send({ message: t('input.unstorable') });
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // No known path throws a bare 429 (the throttles and the ceiling say their own wait); should one appear, it
      // still tells the client when to come back, as every 429 does.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(429).send({ message: t('errors.tooManyRequests') });
    }
    if (status === 403) return reply.status(403).send({ message: t('errors.forbidden') });
    if (status === 404) return reply.status(404).send({ message: t('common.notFound') });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: t('errors.badRequest') });
    request.log.error(
      { err: error, method: request.method, url: request.url },
      `failed: ${request.method} ${request.url}`,
    );
    return reply.status(500).send({ message: t('errors.internal') });
  });
}

export default fp(errors, { name: 'errors' });
