import { listenForChunkErrors } from './chunk-error-listener';

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

describe('listenForChunkErrors', () => {
  it('reloads (guarded) on a ChunkLoadError anywhere on the page', () => {
    const reload = jest.fn(() => true);
    const stop = listenForChunkErrors(window, reload);
    const chunkError = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    window.dispatchEvent(rejection(chunkError));
    window.dispatchEvent(Object.assign(new Event('error'), { error: chunkError, message: chunkError.message }));
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });

  it('ignores other errors and stops listening when asked', () => {
    const reload = jest.fn(() => true);
    const stop = listenForChunkErrors(window, reload);
    window.dispatchEvent(rejection(new Error('Ошибка авторизации')));
    expect(reload).not.toHaveBeenCalled();
    stop();
    window.dispatchEvent(rejection(Object.assign(new Error('x'), { name: 'ChunkLoadError' })));
    expect(reload).not.toHaveBeenCalled();
  });
});
