// The ceiling of the measurements: a plain Fastify server answering a fixed JSON body from memory
// (CEILING_BODY, base64), with no logging, on PORT.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

// The body: CEILING_BODY_FILE's bytes (a large answer does not fit in the environment), or CEILING_BODY.
const body = process.env.CEILING_BODY_FILE ? readFileSync(process.env.CEILING_BODY_FILE) : Buffer.from(process.env.CEILING_BODY ?? 'e30=', 'base64');
const app = Fastify();
app.get('/ceiling', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
