// A V8 CPU profile of a server process while it runs one more max step after the measured ones
// (so the profiler never weighs on the figures in the tables), summed by self time: where the
// server's own CPU goes per delivery. Time in system calls (the loopback writes) shows as the self
// time of the native function that made them.
import { Session } from 'node:inspector/promises';

const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

/** Where a function lives: a package, a part of Node, our code, or V8's own entries. */
function placeOf({ functionName, url }) {
  if (SPECIAL.has(functionName)) return functionName;
  if (!url) return '(native: bindings, system calls)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) {
    const parts = url.slice(5).split('/');
    return `node:${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  if (url.includes('/bench/')) return 'bench (events, pacing)';
  if (url.includes('/api/src/')) return 'api/src';
  return url;
}

function summarise(profile, top = 10) {
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits || node.callFrame.functionName === '(idle)') continue;
    total += hits;
    const place = placeOf(node.callFrame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    const name = `${node.callFrame.functionName || '(anonymous)'} · ${place}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const share = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, percent: Number(((100 * hits) / total).toFixed(1)) }));
  return { samples: total, byPlace: share(byPlace), byFunction: share(byFunction) };
}

/** Runs `fn` under the sampling profiler; answers its value and the profile's summary. */
export async function profiled(fn) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  const value = await fn();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return { ...value, profile: summarise(profile) };
}
