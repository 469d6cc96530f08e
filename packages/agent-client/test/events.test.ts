import { describe, expect, it } from 'vitest';
import { parseEventStream, reconnectDelayMs } from '../src/index';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('the push channel parser', () => {
  it('reads named events split across chunks, skips comments and unknown events', async () => {
    const body = streamOf([
      ': ping\n\nevent: hel',
      'lo\ndata: {"device_code":"D1","server_time":"2026-01-01T00:00:00.000Z"}\n\n',
      'event: other\ndata: {}\n\n',
      'event: manifest\r\ndata: {"reason":"schedule"}\r\n\r\n',
    ]);
    const events = [];
    for await (const event of parseEventStream(body)) events.push(event);
    expect(events).toEqual([
      { event: 'hello', data: { device_code: 'D1', server_time: '2026-01-01T00:00:00.000Z' } },
      { event: 'manifest', data: { reason: 'schedule' } },
    ]);
  });

  it("reads a draining server's reconnect hint", async () => {
    const body = streamOf([
      'event: manifest\ndata: {"reason":"schedule"}\n\n',
      'event: reconnect\ndata: {"reason":"draining"}\n\n',
    ]);
    const events = [];
    for await (const event of parseEventStream(body)) events.push(event);
    expect(events.at(-1)).toEqual({ event: 'reconnect', data: { reason: 'draining' } });
  });

  it('waits longer after each failed connection, never more than 60 s, never less than half the step', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 1)).toBe(8000);
    expect(reconnectDelayMs(20, () => 1)).toBe(60_000);
    expect(reconnectDelayMs(20, () => 0)).toBe(30_000);
  });
});
