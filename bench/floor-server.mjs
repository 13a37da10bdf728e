// The API floor: a bare Fastify server answering each URL with fixed JSON bytes from memory.
// Usage: node bench/floor-server.mjs <port> <json file of { url: body }>
// URLs may carry a query string (`/api/tool?page=1`), so one route looks the whole URL up.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, body]) => [
    url,
    Buffer.from(body),
  ]),
);
const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const bytes = bodies.get(request.url);
  if (!bytes) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(bytes);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
