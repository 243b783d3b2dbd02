import { FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE } from '../contract/document';
import { ApiError, fallbackMessage } from './api-error';

const error = (status: number) => new ApiError({ status, code: `e${status}`, message: 'x' });

describe('ApiError.outcomeUnknown', () => {
  it('holds when no answer came, or a proxy answered for the API (the work may have been done)', () => {
    expect([0, 502, 503, 504].map((status) => error(status).outcomeUnknown)).toEqual([true, true, true, true]);
  });

  it("does not hold for the API's own answers: a refusal, or a 500 after its rollback", () => {
    expect([400, 403, 409, 422, 429, 500].map((status) => error(status).outcomeUnknown)).toEqual([false, false, false, false, false, false]);
  });
});

describe('fallbackMessage: what a failure with no message of its own says (a proxy’s or a load balancer’s bare answer, QA DD-8)', () => {
  it.each([
    [401, 'Требуется авторизация'],
    [403, 'Доступ запрещён'],
    [404, 'Не найдено'],
    [413, FILE_TOO_LARGE_MESSAGE],
    [415, FILE_TYPE_MESSAGE],
    [429, 'Слишком много запросов. Попробуйте позже'],
    [500, 'Внутренняя ошибка сервера'],
    [502, 'Внутренняя ошибка сервера'],
    [503, 'Внутренняя ошибка сервера'],
    [504, 'Внутренняя ошибка сервера'],
  ])('%i says «%s», not that the answer is malformed', (status, text) => {
    expect(fallbackMessage(status)).toBe(text);
  });
});
