import net from 'node:net';
import { isDatabaseRefusal, isDatabaseUnavailable } from '../src/db';
import { openPostgres } from '../src/db/postgres';

/**
 * A PostgreSQL server that takes the connection and never answers (packets dropped by a firewall,
 * a server hung): the API gives up after its connect time-out with an error the error handler
 * answers as «database unavailable» (503), instead of waiting until the OS gives up (minutes).
 */
it('gives up on a server that never answers after the connect time-out, as database unavailable', async () => {
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const started = Date.now();
    const error = await openPostgres(`postgres://nobody@127.0.0.1:${port}/nothing`, { connectTimeoutMs: 300 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

it('tells a server that refuses the connection for good (a wrong password, no such database) from one out of reach (QA BBB-3)', () => {
  expect(isDatabaseRefusal({ code: '28P01' })).toBe(true);
  expect(isDatabaseRefusal({ code: '28000' })).toBe(true);
  expect(isDatabaseRefusal({ code: '3D000' })).toBe(true);
  // A role that may log in but not create the tables (QA DDD-4).
  expect(isDatabaseRefusal({ code: '42501' })).toBe(true);
  expect(isDatabaseRefusal({ code: 'ECONNREFUSED' })).toBe(false);
  expect(isDatabaseUnavailable({ code: '28P01' })).toBe(false);
});
