import { bus } from 'shared';

/** How long a call's own success toast waits for the server's notification of the same outcome. */
export const NOTIFICATION_WAIT_MS = 1500;

/**
 * Makes `run`, then waits up to `waitMs` for the socket notification about `applicationId` (the
 * shell toasts it): `notified` tells the caller whether its own toast would be a second one.
 * Listening starts before the call, since the notification may come before the answer.
 */
export async function withNotification<T extends object>(
  applicationId: number,
  run: () => Promise<T>,
  waitMs: number = NOTIFICATION_WAIT_MS,
): Promise<T & { notified: boolean }> {
  let arrived = false;
  let wake = () => {};
  const off = bus.on('notification:received', ({ applicationId: about }) => {
    if (about !== applicationId) return;
    arrived = true;
    wake();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const result = await run();
    if (!arrived) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, waitMs);
      });
    }
    return { ...result, notified: arrived };
  } finally {
    off();
    clearTimeout(timer);
  }
}
