/** An error whose message is safe to show: answered as the failure envelope of ARCHITECTURE §3. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that carries its wait: the error handler answers it with `Retry-After`. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    code = 'too_many_requests',
  ) {
    super(429, code, message);
  }
}

export const notFound = (message = 'Не найдено') => new AppError(404, 'not_found', message);

export const VALIDATION_MESSAGE = 'Проверьте правильность заполнения полей';

/** A 422 of fields refused by a check beyond the body's schema: the first message leads, each field has its own. */
export const invalidFields = (errors: Record<string, string>) => new AppError(422, 'validation', Object.values(errors)[0] ?? VALIDATION_MESSAGE, errors);

/** A service the API needs is away (the database server, the rate limits' store): 503. */
export const UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте позже';
