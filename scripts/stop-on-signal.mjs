/**
 * A server's end on SIGTERM (a container's stop) or SIGINT (Ctrl-C): new connections are refused,
 * idle keep-alive connections close at once, answers in flight finish (a download runs to its end),
 * and the process exits 0 when the last connection goes; what still hangs after `cutAfterMs` is cut.
 * `onStop` ends what `close` does not wait out by itself: a proxy's relayed WebSockets, which would
 * otherwise hold it until the cut. Without a handler, node as a container's PID 1 ignores SIGTERM
 * and waits for the SIGKILL.
 */
export function stopOnSignal(server, { cutAfterMs, onStop }) {
  const stop = () => {
    server.close(() => process.exit(0));
    // A keep-alive connection turns idle when its answer in flight ends: closed then, not at the cut.
    server.closeIdleConnections?.();
    setInterval(() => server.closeIdleConnections?.(), 100).unref();
    onStop?.();
    setTimeout(() => process.exit(0), cutAfterMs).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
