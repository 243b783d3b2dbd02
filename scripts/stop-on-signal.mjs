/**
 * A server's end on SIGTERM (a container's stop) or SIGINT (Ctrl-C): new connections are refused,
 * answers in flight finish, and the process exits 0; what still hangs after `cutAfterMs` is cut.
 * `closeConnections` is how the open connections go at once: the idle keep-alive ones of a file
 * server, or all of them for a proxy whose WebSockets would otherwise hold it. Without a handler,
 * node as a container's PID 1 ignores SIGTERM and waits for the SIGKILL.
 */
export function stopOnSignal(server, { cutAfterMs, closeConnections }) {
  const stop = () => {
    server.close(() => process.exit(0));
    if (closeConnections === 'all') server.closeAllConnections?.();
    else server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), cutAfterMs).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
