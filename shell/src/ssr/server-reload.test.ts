/** @jest-environment node */
// The shell's server loads its render module again after a shell deploy, in the same process.

describe('the server render module, loaded again', () => {
  it("wraps Node's own fetch each time, not the previous module's override", async () => {
    const depths: number[] = [];
    const nodeFetch = jest.fn(async () => {
      // The frames of the server module's code on the way here.
      depths.push(new Error().stack!.split('\n').filter((frame) => frame.includes('server.tsx')).length);
      return new Response('ok');
    });
    globalThis.fetch = nodeFetch as unknown as typeof fetch;
    // A call the server's own fetch does not take (a Request object) goes to Node's fetch.
    const call = () => globalThis.fetch(new Request('http://127.0.0.1:9/x'));

    jest.isolateModules(() => require('../server'));
    expect(globalThis.fetch).not.toBe(nodeFetch);
    await call();
    for (let deploy = 0; deploy < 5; deploy += 1) jest.isolateModules(() => require('../server'));
    await call();

    expect(nodeFetch).toHaveBeenCalledTimes(2);
    // One override on the way, after five more loads as after the first: no wrapper around a wrapper.
    expect(depths).toEqual([1, 1]);
  });
});
