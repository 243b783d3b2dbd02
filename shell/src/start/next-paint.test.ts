/**
 * @jest-environment node
 */
import { afterNextPaint } from './next-paint';

describe('afterNextPaint on the server', () => {
  it('resolves at once, with no timer left behind: no frame is ever drawn there', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      void afterNextPaint(100).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
