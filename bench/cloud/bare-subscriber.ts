/**
 * Child process of the cloud-nodes benchmark (bench/cloud/nodes.ts): the baseline of what one cloud node does per
 * message — a bare mqtt.js subscriber on the same broker and topic filter, reading each reported shadow as JSON and
 * nothing else (no schema, no database). It reports the messages it read and its own CPU time since the last count.
 *
 * Run by the parent with an IPC channel (Child.start): requests carry an `id`; each is answered once with
 * `{id, ok: true, ...}` or `{id, ok: false, error}`.
 */
import { connect, type MqttClient } from 'mqtt';

/** Requests of the parent. */
export type BareSubscriberRequest =
  | { readonly op: 'subscribe'; readonly url: string; readonly filter: string }
  | { readonly op: 'count' }
  | { readonly op: 'close' };

/** Answers, by request. */
export interface BareSubscriberReplies {
  subscribe: { subscribed: true };
  count: { messages: number; cpuMs: number };
  close: { closed: true };
}

let client: MqttClient | undefined;
let messages = 0;
let cpuAt = process.cpuUsage();

async function subscribe(url: string, filter: string): Promise<BareSubscriberReplies['subscribe']> {
  const c = connect(url, { clientId: `bench-bare-${process.pid}`, clean: true, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => c.once('connect', () => resolve()).once('error', reject));
  c.on('message', (_topic, payload) => {
    if (payload.length === 0) return;
    JSON.parse(payload.toString('utf8'));
    messages++;
  });
  await c.subscribeAsync(filter, { qos: 1 });
  client = c;
  return { subscribed: true };
}

function count(): BareSubscriberReplies['count'] {
  const cpu = process.cpuUsage(cpuAt);
  cpuAt = process.cpuUsage();
  const n = messages;
  messages = 0;
  return { messages: n, cpuMs: (cpu.user + cpu.system) / 1000 };
}

process.on('message', (request: BareSubscriberRequest & { id: number }) => {
  const answer = (reply: object) => process.send?.({ id: request.id, ok: true, ...reply });
  const fail = (error: unknown) => process.send?.({ id: request.id, ok: false, error: String(error) });
  switch (request.op) {
    case 'subscribe':
      subscribe(request.url, request.filter).then(answer, fail);
      return;
    case 'count':
      answer(count());
      return;
    case 'close':
      void client?.endAsync().finally(() => answer({ closed: true }));
      return;
  }
});
process.on('disconnect', () => process.exit(0));
