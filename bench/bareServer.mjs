// The benchmark's reference: a bare node:http server, in a process of its own, that answers each captured address
// with the very bytes and headers the real server sent for it (status, content-type, ETag, Cache-Control, Vary,
// the security headers, Content-Encoding). What the real server achieves for an endpoint divided by what this one
// achieves for the same bytes on the same machine, with the same client, is the ratio `npm run bench` reports.
//
// Usage: node bench/bareServer.mjs CAPTURES.json  (an array of {url, status, headers, body (base64)}); it prints
// `listening PORT` once it accepts connections.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

// Headers Node writes itself for every answer (and the real server's were written for their own connection).
const OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

const answers = new Map();
for (const captured of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const body = Buffer.from(captured.body, 'base64');
  const headers = Object.entries(captured.headers).filter(([name]) => !OWN.has(name));
  headers.push(['content-length', String(body.length)]);
  answers.set(captured.url, { status: captured.status, headers: headers.flat(), body });
}

const server = createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
// As Fastify's default, so both keep the client's connections alike.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
