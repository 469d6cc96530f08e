/**
 * The baseline of the upload bench: bare Fastify with @fastify/multipart streaming the one file of a form to a
 * file on disk, at the product's default log level (info, to stdout): what any Fastify upload costs.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';

const dir = process.env.UPLOAD_DIR ?? join(process.cwd(), 'bare-uploads');
await mkdir(dir, { recursive: true });
const app = Fastify({ logger: { level: 'info' } });
await app.register(fastifyMultipart, { limits: { fileSize: 400 * 1024 * 1024, files: 1 } });
app.post('/upload', async (request) => {
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const file = join(dir, `${randomUUID()}.upload`);
    await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
    // Kept no longer than the answer: the bench only measures the transfer.
    await rm(file, { force: true });
  }
  return { name: fields.name ?? null };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.info(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
