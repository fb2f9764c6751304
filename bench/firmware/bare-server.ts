/**
 * The baseline of the firmware download bench: a bare Node `http` server sending one file with
 * `fs.createReadStream` (default 64 KiB chunks) to whoever asks, the least a static file server does. The file's
 * size is read once; every request opens it.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening bare file server: its URL and how to stop it. */
export interface BareFileServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `path` on `host` (a free port) at every URL. */
export async function startBareFileServer(host: string, path: string): Promise<BareFileServer> {
  const { size } = statSync(path);
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    const file = createReadStream(path);
    file.on('error', () => res.destroy());
    file.pipe(res);
  });
  // 200 amps connect at once: more than the default backlog some systems have
  await new Promise<void>((resolve) => server.listen({ host, port: 0, backlog: 1024 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/image`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
