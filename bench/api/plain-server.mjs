// The baseline: a bare node:http server answering the bytes the API answered for each URL
// (status, Content-Type, body), so API figures divided by these show framework + database cost.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BENCH_ANSWERS, 'utf8'))).map(([url, a]) => [
    url,
    { status: a.status, type: a.contentType, body: Buffer.from(a.bodyBase64, 'base64') },
  ]),
);
process.on('disconnect', () => process.exit(0));

const server = createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, { 'content-type': a.type, 'content-length': a.body.length });
  res.end(a.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.send?.({ ready: true, port: server.address().port }));
