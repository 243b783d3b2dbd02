// A small closed-loop load generator (autocannon-like): `connections` keep-alive connections,
// each sending the next request as soon as the previous answer has been read in full.
import http from 'node:http';

function once(agent, port, path) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (x, digits = 2) => (x === null ? null : Number(x.toFixed(digits)));

/** Loads `path` for `seconds`; answers latency percentiles (ms), requests/s and failures. */
export async function load({ port, path, seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failures = 0;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      try {
        const r = await once(agent, port, path);
        if (r.status === 200) latencies.push(r.ms);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    seconds: round(elapsed, 3),
    rps: round(latencies.length / elapsed, 1),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? null),
  };
}

/** One request, kept whole: what the plain server will answer for the same URL. */
export function capture(port, path) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
