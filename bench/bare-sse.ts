/**
 * A bare Server-Sent Events server on node:http, the fleet bench's baseline for the memory of a push
 * channel (bench/fleet.ts): each GET /agent/v1/events gets the headers, a 'hello' event and a ping every 25 s
 * (as the product's channel), and is held until the client goes; anything else is answered 204. Prints
 * "listening on <port>".
 */
import http from 'node:http';

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/agent/v1/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write(`event: hello\ndata: ${JSON.stringify({ server_time: new Date().toISOString() })}\n\n`);
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    res.on('close', () => clearInterval(ping));
    return;
  }
  req.resume();
  res.writeHead(204).end();
});
server.keepAliveTimeout = 75_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.info(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
