/**
 * A job the API runs by itself on an unref'd timer that starts and stops with the app (the payout
 * worker, the housekeeping sweep): one run at a time, the next `intervalMs` after the last ended.
 * A failed run is handed to `onError` and the timer goes on.
 */
export function periodic<T>({ run, intervalMs, firstRunMs, onError }: { run: () => Promise<T>; intervalMs: number; firstRunMs: number; onError: (err: unknown) => void }) {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let again = false;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref?.();
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = run();
    try {
      await running;
    } catch (err) {
      onError(err);
    } finally {
      running = undefined;
    }
    if (again) {
      again = false;
      schedule(0);
    } else schedule(intervalMs);
  }

  return {
    /** One run by hand (tests, or a caller that must not wait for the timer): after the one in flight, if any. */
    runOnce: (): Promise<T> => (running ? running.catch(() => undefined).then(run) : run()),
    /** Runs now rather than at the next tick, or once more right after the run in flight. No-op when stopped. */
    kick(): void {
      if (!stopped) void tick();
    },
    /** Answers whether it was stopped (and now runs). */
    start(): boolean {
      if (!stopped) return false;
      stopped = false;
      schedule(firstRunMs);
      return true;
    },
    /** Stops the timer and waits for a run in flight, so the database can be closed after. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
