/** A browser's relay socket played by a raw `ws` socket (issue 13 tests): it records every frame and its close. */
import { WebSocket } from 'ws';

/** A frame the relay sent: a device-API reply (id, result or error) or the relay's own ({relay: 'refreshed', …}). */
export interface RelayFrame {
  readonly id?: number | null;
  readonly relay?: string;
  readonly result?: unknown;
  readonly error?: unknown;
  readonly [key: string]: unknown;
}

/** Opens a relay socket (credential in the subprotocols or the query) and resolves once it opened or closed. */
export async function rawRelay(url: string, protocols: string[] = []) {
  const socket = new WebSocket(url, protocols);
  const frames: RelayFrame[] = [];
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as RelayFrame));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('open', resolve).once('close', resolve));
  return { socket, frames, closed };
}
