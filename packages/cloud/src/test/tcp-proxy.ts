/**
 * A TCP proxy between an amp and the broker that can fall silent: while blackholed nothing passes either way and no
 * socket closes, as when an amp loses power or its cable is pulled somewhere along the path. Only the broker's
 * keepalive can then notice that the amp is gone (ARCHITECTURE.md "Shadow": offline within 15 s).
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/** A running proxy. */
export interface TcpProxy {
  /** mqtt://127.0.0.1:{port} of the proxy. */
  readonly url: string;
  /** From now on nothing passes, and no close reaches the other side. */
  blackhole(): void;
  /** Traffic passes again; connections that were cut off are closed, so that their ends reconnect. */
  heal(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 in front of host:port. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let silent = false;
  const pairs = new Set<{ client: Socket; upstream?: Socket; frozen: boolean }>();
  const server = createServer((client) => {
    const pair: { client: Socket; upstream?: Socket; frozen: boolean } = { client, frozen: silent };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', () => undefined);
    client.on('close', () => {
      if (!pair.frozen) end();
    });
    if (pair.frozen) return; // accepted, never connected upstream: the connection hangs
    const upstream = createConnection({ host, port });
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      if (!pair.frozen) end();
    });
    client.on('data', (d) => {
      if (!pair.frozen) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!pair.frozen) client.write(d);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    blackhole() {
      silent = true;
      for (const pair of pairs) pair.frozen = true;
    },
    heal() {
      silent = false;
      for (const pair of [...pairs]) {
        if (!pair.frozen) continue;
        pairs.delete(pair);
        pair.client.destroy();
        pair.upstream?.destroy();
      }
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await closed;
    },
  };
}
