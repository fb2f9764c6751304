import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePortBlock } from './ports';

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePortBlock', () => {
  it('hands out consecutive ports below the ephemeral range that a server can listen on', async () => {
    const base = await freePortBlock(4);
    expect(base).toBeGreaterThanOrEqual(10_000);
    expect(base + 3).toBeLessThan(ephemeralLow);
    for (let i = 0; i < 4; i++) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host: '127.0.0.1', port: base + i, exclusive: true }, resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
