/**
 * The cloud's Redis client (REDIS_URL, issue 20): the shared counters of the rate limits and the failure back-offs
 * (rate-limit.ts). Short timeouts, so that an outage answers quickly (the limited endpoints then answer 503, see
 * docs/security.md "Shared counters") instead of holding requests; reconnects on its own; one log line when Redis
 * goes away and one when it is back, never with the URL's password.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redactUrl } from '../config';

/** A command without a reply by then fails (the request it serves answers 503); also the connect timeout. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Opens the client (it connects in the background; commands wait for it, at most REDIS_COMMAND_TIMEOUT_MS). */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectionName: 'rackside-cloud',
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // a command waiting for a connection fails after one reconnect attempt rather than twenty
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  const where = redactUrl(url);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { redis: where, reason: error.message },
      'Redis unreachable: the rate-limited endpoints answer 503 until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: where }, 'Redis reachable again');
  });
  return redis;
}

/**
 * Closes the client: QUIT and the connection's end when it is up; else (connecting, or waiting to reconnect) it drops
 * the attempt at once. An unreachable or silent Redis never holds a close up for longer than the command timeout.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    redis.once('end', resolve);
    timer = setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS);
  });
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
  await ended;
  clearTimeout(timer);
}
