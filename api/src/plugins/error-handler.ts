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

/** The one place where failures become the envelope of ARCHITECTURE §3. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
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

  app.setNotFoundHandler((request, reply) => {
    request.log.info('route not found');
    return reply.status(404).send({ message: 'Не найдено', code: 'not_found' });
  });
}, { name: 'error-handler' });
