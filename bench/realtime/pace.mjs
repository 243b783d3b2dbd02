// What both servers of `pnpm bench:realtime` share, so the system under test and the baseline
// send the same events at the same pace: the clock, the event, and the emit loops. Only `send`
// differs (socket.io's `io.to(room).emit` in server.mjs, a loop of `ws.send` in bare-server.mjs).

/**
 * The clock of every process in the run: CLOCK_MONOTONIC in nanoseconds (libuv's hrtime). It is
 * one clock for the whole machine on Linux, so a stamp taken by a server can be subtracted from a
 * reading taken by a client in another process; as a Number it stays exact for 104 days of uptime.
 */
export const now = () => Number(process.hrtime.bigint());

/**
 * The event, shaped as the API's `notification` (api/src/modules/notification/service.ts: the row,
 * its kind and the unread count) plus `bench`: the step, the send stamp `t` (taken just before the
 * emit) and the time `s` the schedule meant it to leave. About 280 bytes of JSON.
 */
export function notificationEvent(i, step, t, s) {
  const applicationId = 1000 + (i % 997);
  return {
    id: 500_000 + i,
    message: `Заявка № ${applicationId}: Исполнитель выбран`,
    link: `/lk/application/detail/${applicationId}`,
    applicationId,
    read: false,
    createdAt: '2026-11-23T12:00:00.000Z',
    kind: 'general',
    unread: 1 + (i % 9),
    bench: { step, t, s },
  };
}

/** What a client logs of an event the API sent by itself (end to end): [kind, socket, key, received at]. */
export const E2E_KIND = { notification: 0, message: 1 };

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const r2 = (x) => (x === null || x === undefined ? null : Number(x.toFixed(2)));

/** p50, p99, max (ms) of nanosecond samples (a Float64Array or an array). */
export function summariseNs(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: sorted.length,
    p50: r2(percentile(sorted, 50) / 1e6),
    p90: r2(percentile(sorted, 90) / 1e6),
    p99: r2(percentile(sorted, 99) / 1e6),
    p999: r2(percentile(sorted, 99.9) / 1e6),
    max: r2(sorted.length ? sorted[sorted.length - 1] / 1e6 : null),
  };
}

export const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/**
 * One step of events to the groups (rooms) in turn, one group per event, `size` sockets each.
 *
 * Paced (`rate` deliveries/s): open loop on a 1 ms timer; at each tick every event due by then
 * goes out (rate / size events a second), each stamped just before its own send. How late each
 * event left against its schedule is kept too (`lag`): a server that cannot keep up shows it there
 * and in fewer events sent, not in a slower schedule.
 *
 * Max (`rate` = 'max'): closed loop on the clients' progress: events go out one per macrotask
 * (I/O runs between them) while fewer than `window` deliveries are unconfirmed; `progress()`
 * answers the deliveries the clients have reported so far (every 20 ms through the parent).
 * The achieved rate is the ceiling of server + loopback + clients; latency there is mostly the
 * window's queue.
 */
export function runStep({ step, rate, seconds, groups, size, send, progress, window = 5000 }) {
  return new Promise((resolve) => {
    const cpu0 = cpuNow();
    const start = now();
    const end = start + seconds * 1e9;
    const lags = [];
    let i = 0;
    let last = start;
    let waits = 0;
    const emit = (scheduled) => {
      const t = now();
      if (scheduled !== null) lags.push(t - scheduled);
      send(groups[i % groups.length], notificationEvent(i, step, t, scheduled ?? t));
      last = t;
      i++;
    };
    const finish = () => {
      const wall = (now() - start) / 1e9;
      resolve({
        step,
        rate,
        events: i,
        deliveries: i * size,
        firstSend: start,
        lastSend: last,
        sendSeconds: Number(((last - start) / 1e9).toFixed(3)),
        lag: lags.length ? summariseNs(lags) : null,
        windowWaits: waits,
        cpuStart: cpu0,
        cpuUs: cpuNow() - cpu0,
        cpuPercent: Number(((cpuNow() - cpu0) / 1e4 / wall).toFixed(1)),
      });
    };
    if (rate === 'max') {
      const tick = () => {
        if (now() >= end) return finish();
        if (i * size - progress() < window) {
          emit(null);
          setImmediate(tick);
        } else {
          waits++;
          setTimeout(tick, 1);
        }
      };
      tick();
      return;
    }
    const interval = (1e9 * size) / rate;
    const total = Math.floor((seconds * rate) / size);
    const tick = () => {
      const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
      while (i < due) emit(start + i * interval);
      if (i >= total) finish();
      else setTimeout(tick, 1);
    };
    tick();
  });
}
