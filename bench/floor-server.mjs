// The API floor: a bare Fastify server answering each path with fixed JSON bytes from memory.
// Usage: node bench/floor-server.mjs <port> <json file of { path: body }>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  const bytes = Buffer.from(body);
  app.get(path, (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
