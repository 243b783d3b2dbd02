import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, TooManyRequestsError, VALIDATION_MESSAGE } from '../http/errors';

function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

const clientErrors: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Некорректный запрос' },
  401: { code: 'unauthorized', message: 'Требуется авторизация' },
  403: { code: 'forbidden', message: 'Доступ запрещён' },
  404: { code: 'not_found', message: 'Не найдено' },
  405: { code: 'method_not_allowed', message: 'Метод не поддерживается' },
  413: { code: 'payload_too_large', message: 'Файл слишком большой' },
  415: { code: 'unsupported_media_type', message: 'Неподдерживаемый тип данных' },
  429: { code: 'too_many_requests', message: 'Слишком много запросов, попробуйте позже' },
};

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
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const known = clientErrors[status] ?? { code: 'bad_request', message: 'Некорректный запрос' };
      return reply.status(status).send(known);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Внутренняя ошибка сервера', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.info('route not found');
    return reply.status(404).send({ message: 'Не найдено', code: 'not_found' });
  });
});
