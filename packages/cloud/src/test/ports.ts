/**
 * Ports for a test that starts servers in child processes and must name their ports before they listen (a cluster's
 * nodes behind haproxy, a cloud process restarted on the same port). `listen(0)` then close hands out a port inside the
 * kernel's ephemeral range, where any outgoing connection's local end (a broker client's, a pool's) can take it before
 * the child listens: one CI run failed on exactly that (EADDRINUSE on a cluster node while 300 amps connected). These
 * come from below that range, and each is checked by listening on it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first of `count` consecutive free ports on 127.0.0.1, from a random start (parallel runs do not collide). */
export async function freePortBlock(count: number): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * (low - count - 10_000));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => canListen(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no block of free ports');
}

/** The lowest port of the kernel's ephemeral range (Linux's default 32768 where it cannot be read). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
