import { cutUpload, eventually, jsonHead, listeningLoggedApp, logLines, partFiles, rawRequest } from './raw-requests';

/**
 * A client that drops its request mid-body (a mobile link gone, a closed tab) is no outage of
 * ours: one info line «client aborted», not «database unavailable» nor «request failed» at error
 * level, and no answer tried on the dead socket (QA AA-3, AA-4).
 */
const t = listeningLoggedApp();
const lines = t.lines;

const aborted = () => logLines(lines).filter((l) => l.msg === 'client aborted');

describe('a client that drops its request mid-body', () => {
  it('cutting a JSON body: one info line «client aborted», no «database unavailable» at error level', async () => {
    const request = await rawRequest(t.app, jsonHead('/api/login', 200), '{"phone":"7999');
    // The server has begun reading the body: the route's request is in.
    await new Promise((resolve) => setTimeout(resolve, 150));
    request.socket.destroy();
    expect(await eventually(() => aborted().length > 0)).toBe(true);
    // Nothing more comes after it (no second line, no late error).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const log = logLines(lines);
    // The client named although its socket is gone (QA BB-3).
    expect(aborted()).toEqual([expect.objectContaining({ level: 30, req: expect.objectContaining({ method: 'POST', url: '/api/login', remoteAddress: '127.0.0.1' }) })]);
    expect(log.filter((l) => l.level >= 40)).toEqual([]);
    expect(log.map((l) => l.msg)).not.toContain('database unavailable');
    // The route's line is the one: the parser's end-of-stream error of that request is no second,
    // «malformed request» (QA MM-3).
    expect(log.map((l) => l.msg)).not.toContain('malformed request');
  });

  it('cutting a multipart upload: one info line «client aborted», no 500 «request failed», and no .part file left', async () => {
    const { head, sent } = await cutUpload(t.db, 300_000, 60_000);
    const request = await rawRequest(t.app, head, sent);
    expect(await eventually(async () => (await partFiles(t.filesDir)).length === 1)).toBe(true);
    request.socket.destroy();
    expect(await eventually(() => aborted().length > 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const log = logLines(lines);
    expect(aborted()).toEqual([expect.objectContaining({ level: 30, req: expect.objectContaining({ url: '/api/application/document/upload', remoteAddress: '127.0.0.1' }) })]);
    expect(log.filter((l) => l.level >= 40)).toEqual([]);
    expect(log.map((l) => l.msg)).not.toContain('request failed');
    expect(log.map((l) => l.msg)).not.toContain('malformed request');
    expect(await partFiles(t.filesDir)).toEqual([]);
  });
});

describe('malformed HTTP', () => {
  it('is still answered 400 in the envelope, the connection closed (raw non-ASCII in the URL)', async () => {
    const request = await rawRequest(t.app, 'GET /api/заявки HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    const { answer } = await request.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: 'Некорректный запрос', code: 'bad_request' }));
    // Never reaching a route, it still has its line, naming the client (QA BB-3).
    expect(logLines(lines)).toEqual([expect.objectContaining({ level: 30, msg: 'malformed request', remoteAddress: '127.0.0.1' })]);
  });
});

describe('a malformed request pipelined after a whole one (QA QQ-4)', () => {
  const login = '{"phone":"79990000001","password":"demo-password-1"}';

  it('the whole one is answered in full by its route, then the malformed one 400, and the connection closes', async () => {
    const request = await rawRequest(t.app, jsonHead('/api/login', Buffer.byteLength(login)) + login, 'GARBAGE /\r\n\r\n');
    const { answer } = await request.closed;
    const answers = answer.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(answers[0]!.split('\r\n\r\n')[1]!)).toEqual({ data: expect.objectContaining({ token: expect.any(String) }) });
    expect(answers[1]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answers[1]!.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: 'Некорректный запрос', code: 'bad_request' }));
    const log = logLines(lines);
    // The malformed one has its line; no «client aborted»: nobody went away.
    expect(log.filter((l) => l.msg === 'malformed request')).toEqual([expect.objectContaining({ level: 30, remoteAddress: '127.0.0.1' })]);
    // Not named as the login answered before it (QA WW-4).
    expect(log.find((l) => l.msg === 'malformed request')).not.toHaveProperty('url');
    expect(aborted()).toEqual([]);
    expect(log.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('a whole request its route refuses (invalid JSON) is answered in full, not logged as «client aborted»', async () => {
    const request = await rawRequest(t.app, jsonHead('/api/login', 5) + '{"a":', 'GARBAGE /\r\n\r\n');
    const { answer } = await request.closed;
    // Fastify closes the connection after a body it could not read, so its answer is the last.
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: 'Тело запроса — некорректный JSON', code: 'invalid_json' });
    expect(aborted()).toEqual([]);
  });

  it('malformed bytes inside a request\'s own body cut it with one line naming it, not «client aborted»', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const request = await rawRequest(t.app, head, '5\r\n{"a":\r\nZZ\r\n');
    await request.closed;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logLines(lines).filter((l) => l.msg === 'malformed request')).toEqual([
      expect.objectContaining({ level: 30, method: 'POST', url: '/api/login', remoteAddress: '127.0.0.1' }),
    ]);
    expect(aborted()).toEqual([]);
    expect(logLines(lines).filter((l) => l.level >= 40)).toEqual([]);
  });
});
