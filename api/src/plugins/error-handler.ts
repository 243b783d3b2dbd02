import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db';
import { AppError, TooManyRequestsError, UNAVAILABLE_MESSAGE, VALIDATION_MESSAGE } from '../http/errors';

function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

type Failure = { status: number; code: string; message: string };

export const JSON_ONLY_MESSAGE = 'Неподдерживаемый тип данных: отправьте JSON';

/** Fastify's own errors by code: a Russian text and our code, never Fastify's text (it echoes the URL). */
const frameworkFailures: Record<string, Failure> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'Некорректный адрес запроса' },
  FST_ERR_INVALID_URL: { status: 400, code: 'bad_url', message: 'Некорректный адрес запроса' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'Слишком длинный адрес запроса' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: JSON_ONLY_MESSAGE },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'Слишком большой запрос' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'Длина тела запроса не совпадает с заголовком' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', message: 'Пустое тело запроса: отправьте JSON-объект' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Тело запроса — некорректный JSON' },
};

const clientErrors: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Некорректный запрос' },
  401: { code: 'unauthorized', message: 'Требуется авторизация' },
  403: { code: 'forbidden', message: 'Доступ запрещён' },
  404: { code: 'not_found', message: 'Не найдено' },
  405: { code: 'method_not_allowed', message: 'Метод не поддерживается' },
  406: { code: 'not_acceptable', message: 'Нет ответа в запрошенном формате' },
  408: { code: 'request_timeout', message: 'Превышено время ожидания запроса' },
  411: { code: 'length_required', message: 'Укажите длину тела запроса' },
  413: { code: 'payload_too_large', message: 'Слишком большой запрос' },
  414: { code: 'uri_too_long', message: 'Слишком длинный адрес запроса' },
  415: { code: 'unsupported_media_type', message: 'Неподдерживаемый тип данных' },
  429: { code: 'too_many_requests', message: 'Слишком много запросов. Попробуйте позже' },
  431: { code: 'headers_too_large', message: 'Слишком большие заголовки запроса' },
};

const INTERNAL: Failure = { status: 500, code: 'internal', message: 'Внутренняя ошибка сервера' };
/** The database server away (stopped, restarting, unreachable): an outage, not a bug of ours. */
const DB_UNAVAILABLE: Failure = { status: 503, code: 'db_unavailable', message: UNAVAILABLE_MESSAGE };


/** Status, code and Russian text for an error that is neither ours (AppError) nor zod's. */
export function frameworkFailure(error: Partial<FastifyError>): Failure {
  const known = error.code ? frameworkFailures[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, ...(clientErrors[status] ?? clientErrors[400]!) };
  return INTERNAL;
}

/**
 * Fastify's `frameworkErrors` option: the router's failures (malformed percent-encoding, a path
 * parameter over maxParamLength) happen before any route, so the error handler never sees them.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, code, message } = frameworkFailure(error);
  request.log.info({ code: error.code }, 'router refused the url');
  void reply.status(status).type('application/json; charset=utf-8').send({ message, code });
}

/** Sockets our request timeout closed: the cut that reaches the route is logged as the timeout. */
const timedOut = new WeakSet<Socket>();
/** Sockets cut for malformed bytes inside a request's own body: its line is already written here. */
const cutMalformed = new WeakSet<Socket>();

type InFlight = ServerResponse & { req?: IncomingMessage };

function rawAnswer(status: number): string {
  const body = JSON.stringify({ message: clientErrors[status]!.message, code: clientErrors[status]!.code });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: malformed HTTP (e.g. raw non-ASCII in the URL) never reaches the
 * router, and a request not in whole within REQUEST_TIMEOUT_SECONDS (Node's `requestTimeout`) is
 * stopped here (QA AA-1); both are answered in the envelope anyway. A timed-out connection is closed
 * outright: the client that stalled would not close its side.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  // The response of a request already in its route: that route logs the cut when it reaches it.
  const inFlight = (socket as Socket & { _httpMessage?: InFlight | null })._httpMessage;
  if (timeout) {
    timedOut.add(socket);
    if (!inFlight) this.log.info({ remoteAddress: socket.remoteAddress }, 'request timed out');
  }
  if (!timeout && inFlight) {
    // Its client left mid-body (the parser's end of stream): the route logs «client aborted» with
    // its request, so no second line (QA MM-3).
    if (error.code === 'HPE_INVALID_EOF_STATE') return void socket.destroy();
    const request = inFlight.req;
    // The bytes that broke are the request's own body when it is not in whole: the line names it. A
    // whole one in its route is not the malformed one, which has no method or URL to name (QA WW-4).
    const ownBody = request?.complete !== true;
    this.log.info({ remoteAddress: socket.remoteAddress, code: error.code, ...(ownBody && request && { url: request.url, method: request.method }) }, 'malformed request');
    if (ownBody) {
      // It cannot be read to its end, and an answer written here would cut into the route's. Its
      // line is the one above.
      cutMalformed.add(socket);
      return void socket.destroy();
    }
    // A whole request in its route, and a malformed one pipelined after it (QA QQ-4): the route
    // answers in full, then the malformed one gets its 400 and the connection closes.
    // (A route's answer that closes the connection itself, its request's `Connection: close`, ends it.)
    const answerAfter = () => void (socket.writable && socket.end(rawAnswer(400)));
    if (inFlight.writableFinished) answerAfter();
    else {
      inFlight.once('finish', answerAfter);
      inFlight.once('close', () => { if (!inFlight.writableFinished) socket.destroy(); });
    }
    return;
  }
  if (!socket.writable || inFlight?.headersSent) return void socket.destroy();
  if (!timeout) {
    this.log.info({ remoteAddress: socket.remoteAddress, code: error.code }, 'malformed request');
    return void socket.end(rawAnswer(400));
  }
  socket.write(rawAnswer(408));
  socket.destroy();
}

/** The codes of a request stream the client cut: Node's `aborted` (ECONNRESET), a premature close, a broken pipe. */
const CUT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * The client went away mid-request (a dropped mobile link, a closed tab, our request timeout): its
 * socket is gone, and the error is the cut request's (Node's `aborted`, a premature close of an
 * upload's stream, Fastify's body-read error with its 4xx), not the database's nor ours (QA AA-3, AA-4).
 */
function isClientAbort(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  const gone = request.raw.socket?.destroyed === true || reply.raw.destroyed || (request.raw.destroyed && !request.raw.complete);
  if (!gone || error instanceof AppError || error instanceof ZodError) return false;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  return (typeof code === 'string' && CUT_CODES.has(code)) || (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500);
}

/** The one place where failures become the envelope of ARCHITECTURE §3. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    // First: a cut is no outage (503) and no bug (500). One info line, and no answer to a dead socket.
    if (isClientAbort(error, request, reply)) {
      // A body cut for its malformed bytes has its line from the client error handler already.
      if (!cutMalformed.has(request.raw.socket)) request.log.info({ req: request, code: (error as FastifyError).code }, timedOut.has(request.raw.socket) ? 'request timed out' : 'client aborted');
      reply.hijack();
      return undefined;
    }
    if (error instanceof ZodError) {
      request.log.info({ errors: fieldErrors(error) }, 'validation failed');
      return reply.status(422).send({ message: VALIDATION_MESSAGE, code: 'validation', errors: fieldErrors(error) });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      const body: Record<string, unknown> = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(DB_UNAVAILABLE.status).send({ message: DB_UNAVAILABLE.message, code: DB_UNAVAILABLE.code });
    }
    const { status, code, message } = frameworkFailure(error as FastifyError);
    if (status < 500) request.log.info({ err: error }, 'client error');
    else request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ message, code });
  });

  // The request's one line says 404 (OneLineRequestLog).
  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ message: 'Не найдено', code: 'not_found' });
  });
}, { name: 'error-handler' });
