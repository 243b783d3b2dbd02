import { ApiError } from './api-error';

const error = (status: number) => new ApiError({ status, code: `e${status}`, message: 'x' });

describe('ApiError.outcomeUnknown', () => {
  it('holds when no answer came, or a proxy answered for the API (the work may have been done)', () => {
    expect([0, 502, 503, 504].map((status) => error(status).outcomeUnknown)).toEqual([true, true, true, true]);
  });

  it("does not hold for the API's own answers: a refusal, or a 500 after its rollback", () => {
    expect([400, 403, 409, 422, 429, 500].map((status) => error(status).outcomeUnknown)).toEqual([false, false, false, false, false, false]);
  });
});
