import { cutUpload, eventually, jsonHead, listeningLoggedApp, logLines, partFiles, rawRequest } from './raw-requests';

/**
 * A request whose body stops arriving is closed after REQUEST_TIMEOUT_SECONDS (QA AA-1): it held
 * its socket, and an upload's .part file, for ever. Here the limit is 1 s.
 */
const t = listeningLoggedApp({ requestTimeoutSeconds: 1 });
const lines = t.lines;

/** Resolves with what the server answered when it closed the socket, or null after `ms`. */
const closedWithin = (closed: Promise<{ answer: string }>, ms: number) =>
  Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

describe('a stalled request body', () => {
  it('is answered 408 and its connection closed within the request timeout', async () => {
    const started = Date.now();
    const request = await rawRequest(t.app, jsonHead('/api/callback/create', 500), '{"na');
    const closed = await closedWithin(request.closed, 4_000);
    request.socket.destroy();
    expect(closed).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(closed!.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed!.answer).toContain('"code":"request_timeout"');
    // Logged once, at info: the client's, not an outage (no error line).
    expect(await eventually(() => logLines(lines).some((l) => l.msg === 'request timed out'))).toBe(true);
    expect(logLines(lines).filter((l) => l.level >= 40)).toEqual([]);
  });

  it('of a multipart upload: the connection is closed and no .part file is left in the storage folder', async () => {
    const { head, sent } = await cutUpload(t.db, 300_000, 20_000);
    const request = await rawRequest(t.app, head, sent);
    expect(await eventually(async () => (await partFiles(t.filesDir)).length === 1)).toBe(true);
    const closed = await closedWithin(request.closed, 4_000);
    request.socket.destroy();
    expect(closed).not.toBeNull();
    expect(await eventually(async () => (await partFiles(t.filesDir)).length === 0, 2_000)).toBe(true);
    expect(await eventually(() => logLines(lines).some((l) => l.msg === 'request timed out'))).toBe(true);
    expect(logLines(lines).filter((l) => l.level >= 40)).toEqual([]);
  });
});
