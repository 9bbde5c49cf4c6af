// The framework floor: a minimal Fastify route answering one constant JSON body.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const app = Fastify({ logger: false });
app.get('/v1/pets', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
