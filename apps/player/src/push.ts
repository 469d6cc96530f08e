import { type AgentClient, type AgentEvent, reconnectDelayMs } from '@signage/agent-client';

export type PushHandlers = {
  /** The channel is (re)connected ('hello'): collect, and ask for the commands missed meanwhile. */
  connected(): void;
  /** A 'manifest' event: the manifest changed (the event may carry the new one). */
  collect(event: AgentEvent): void;
  /** Another event ('live', 'command'). */
  event(event: AgentEvent): void;
  /** The player was deleted or its token refused. */
  revoked(): void;
  refused(error: unknown): boolean;
  stopped(): boolean;
};

/**
 * The push channel, with the poll as the fallback: reconnects with backoff and jitter, at once after
 * 'reconnect' (the server is shutting down: the balancer sends us to another server, whose 'hello' makes us
 * collect what changed in between).
 */
export async function listenForPush(client: AgentClient, signal: AbortSignal, on: PushHandlers): Promise<void> {
  let failures = 0;
  let reconnectNow = false;
  while (!on.stopped()) {
    try {
      for await (const event of client.events(signal)) {
        failures = 0;
        if (event.event === 'revoked') return on.revoked();
        if (event.event === 'reconnect') {
          reconnectNow = true;
          break;
        }
        if (event.event === 'hello') on.connected();
        else if (event.event === 'manifest') on.collect(event);
        else on.event(event);
      }
    } catch (error) {
      if (on.refused(error)) return on.revoked();
    }
    if (on.stopped()) return;
    if (reconnectNow) {
      reconnectNow = false;
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(failures++)));
  }
}
