/** The baseline of the request-path bench: Fastify with nothing but a JSON hello-world (GET, and POST of a JSON body) and no logger. */
import Fastify from 'fastify';

const app = Fastify();
app.get('/*', async () => ({ hello: 'world' }));
app.post('/*', async (request) => ({ hello: 'world', got: typeof request.body }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.info(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
