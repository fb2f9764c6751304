/**
 * An amp's device API on a local WebSocket with a chosen notify period: the emulator's own session (createSession,
 * what startDeviceApi and the cloud agent both run) behind a plain `ws` server, with a hook on every frame the session
 * sends. With the cloud agent's period (CLOUD_NOTIFY_INTERVAL_MS) its notifier joins the same per-amp ticker as the
 * agent's remote sessions, so the hook sees the moment the amp's batching lets a change go, for both paths at once.
 */
import { once } from 'node:events';
import { createSession, type Amp } from '@rackside/amp-sim';
import { WebSocketServer } from 'ws';

/** A running local server. */
export interface PeriodServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `amp` on `host` (free port) with notifications every `periodMs`; `onSend` sees each frame as it is sent. */
export async function servePeriod(
  amp: Amp,
  host: string,
  periodMs: number,
  onSend: (frame: string) => void,
): Promise<PeriodServer> {
  const wss = new WebSocketServer({ host, port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (ws) => {
    const session = createSession(amp, {
      notifyIntervalMs: periodMs,
      send: (frame) => {
        onSend(frame);
        if (ws.readyState === ws.OPEN) ws.send(frame);
      },
    });
    ws.on('message', (data) => session.receive(Array.isArray(data) ? Buffer.concat(data) : data));
    ws.on('close', () => session.close());
    ws.on('error', () => ws.terminate());
  });
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://${host}:${port}`,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
