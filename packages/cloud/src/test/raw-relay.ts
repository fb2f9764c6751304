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
  /**
   * Whether the session is up: the socket opens with its handshake, before the relay has checked the credential and
   * the caps and subscribed to the amp's replies, so a test that acts on an open session first waits for this. It
   * reads the amp's device info with an id of its own and leaves no frame behind; false when the relay closes instead.
   */
  const up = async (ms = 8000): Promise<boolean> => {
    const id = UP_ID;
    socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id }));
    const end = Date.now() + ms;
    for (;;) {
      const at = frames.findIndex((f) => f.id === id);
      if (at >= 0) {
        frames.splice(at, 1);
        return true;
      }
      if (socket.readyState === WebSocket.CLOSED) return false;
      if (Date.now() > end) throw new Error(`the relay session was neither up nor closed after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { socket, frames, closed, up };
}

/** The request id of up()'s probe, beyond any id a test sends. */
const UP_ID = 2 ** 31 - 1;
