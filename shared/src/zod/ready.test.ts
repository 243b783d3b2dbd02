// As in the shell's browser build (`zod` is the on-demand stand-in), with a chunk that fails to arrive.
jest.mock('zod', () => ({
  ...jest.requireActual('./on-demand'),
  loadZod: () => Promise.reject(new Error('Loading chunk zod failed')),
}));

import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/api-error';
import { zodReady } from './ready';

describe('zodReady', () => {
  it('rejects as an unreachable server when zod does not load, so forms and calls show the network message', async () => {
    const failure = await zodReady().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });
});
