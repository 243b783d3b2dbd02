// The child processes of a benchmark run: started with a request/answer channel over IPC, stopped
// politely (SIGTERM, then SIGKILL), and all killed when the run's time limit is reached.
import { spawn } from 'node:child_process';

/**
 * One run's children. `limitMs`: whatever happens, the run ends (its children killed, exit 1)
 * after that long; `stopLimit()` lifts it once the run is done.
 */
export function childProcesses(label, limitMs) {
  const children = new Set();
  const hardStop = setTimeout(() => {
    console.error(`${label}: time limit reached, stopping`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, limitMs);

  /**
   * Starts `node args…`, which says `{ ready }` once it serves; answers its ready message (`info`),
   * `ask` (request/answer by id over IPC) and `tell` (one-way). `{ progress }` messages go to
   * `onMessage`.
   */
  function start(name, args, { cwd, env = {}, onMessage, serialization } = {}) {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(serialization ? { serialization } : {}),
    });
    children.add(child);
    const pending = new Map();
    let next = 0;
    return new Promise((resolve, reject) => {
      child.on('message', (m) => {
        if (m.ready) {
          resolve({
            name,
            child,
            info: m,
            ask(message) {
              const id = ++next;
              child.send({ ...message, id });
              return new Promise((res, rej) => pending.set(id, { res, rej }));
            },
            tell(message) {
              child.send(message);
            },
          });
          return;
        }
        if (m.progress) return onMessage?.(m);
        const waiting = pending.get(m.id);
        pending.delete(m.id);
        if (m.ok) waiting?.res(m.value);
        else waiting?.rej(new Error(`${name}: ${m.error}`));
      });
      child.once('exit', (code) => {
        reject(new Error(`${name} exited with ${code} before it was ready`));
        for (const { rej } of pending.values()) rej(new Error(`${name} exited with ${code}`));
      });
    });
  }

  async function stop(child, graceMs = 10_000) {
    if (child.exitCode !== null || child.signalCode !== null) return children.delete(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  }

  return {
    children,
    start,
    stop,
    async stopAll(graceMs) {
      for (const c of [...children]) await stop(c, graceMs);
    },
    killAll() {
      for (const c of children) c.kill('SIGKILL');
    },
    stopLimit() {
      clearTimeout(hardStop);
    },
  };
}

/** What a report says about the machine: the load averages before and after say how much other work there was. */
export function machineFacts(os, loadBefore) {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: { before: loadBefore.map((x) => Number(x.toFixed(2))), after: os.loadavg().map((x) => Number(x.toFixed(2))) },
  };
}
