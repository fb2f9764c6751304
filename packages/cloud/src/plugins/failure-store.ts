/**
 * Where FailureBackoff (rate-limit.ts) keeps its counters: process memory (one node, the default) or Redis (REDIS_URL:
 * every node of a cluster counts on the same counters, issue 20). Both implement the same rules, each step atomic: a
 * check and its count in one step, so parallel attempts, on one node or on several, see each other. Times are the
 * domain clock's, passed in (never Redis TIME), so a test's clock holds for both.
 */
import type { Redis } from 'ioredis';

/**
 * The counters one attempt touches: its address's, and with an account the account's and the account × address's
 * (the pair: the account's back-off holds only for the addresses that have failed on it).
 */
export type AttemptKeys = readonly [address: string] | readonly [address: string, account: string, pair: string];

/** The back-off's rules (docs/security.md "Brute force"). */
export interface BackoffRules {
  /** Failures of an address (any account) before its back-off. */
  readonly freePerAddress: number;
  /** Failures on an account (any address) before its back-off. */
  readonly freePerAccount: number;
  /** The longest back-off (ms). */
  readonly maxDelayMs: number;
  /** A counter is forgotten this long after its last failure (ms; at least maxDelayMs). */
  readonly memoryMs: number;
}

/** A store of failure counters. */
export interface FailureStore {
  /**
   * In one atomic step: how long (ms) this attempt must still wait, and when it need not (0), the attempt counted as a
   * failure of each key at `now` (ms since the epoch, the domain clock).
   */
  begin(keys: AttemptKeys, now: number, rules: BackoffRules): Promise<number>;
  /** Takes back the failure `begin` counted on each key; `forgetPair` also forgets the account × address. */
  takeBack(keys: AttemptKeys, forgetPair: boolean): Promise<void>;
}

interface Failures {
  count: number;
  /** ms since the epoch of the last failure. */
  last: number;
}

/** The wait (ms) a counter imposes: none for the first `free` failures, then 1 s, 2 s, 4 s … at most maxDelayMs. */
export function delayMs(failures: Failures | undefined, free: number, now: number, maxDelayMs: number): number {
  if (failures === undefined || failures.count < free) return 0;
  return Math.max(0, failures.last + Math.min(2 ** (failures.count - free) * 1000, maxDelayMs) - now);
}

/** At most this many counters are kept in memory; the least recent go first. */
const MAX_ENTRIES = 100_000;

/** The counters in process memory (bounded: a flood of made-up accounts forgets the least recent first). */
export class MemoryFailureStore implements FailureStore {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  private get(key: string, now: number, memoryMs: number): Failures | undefined {
    const f = this.failures.get(key);
    if (f === undefined) return undefined;
    if (now - f.last > memoryMs) {
      this.failures.delete(key);
      return undefined;
    }
    return f;
  }

  // No await inside: the check and the count are one step of the event loop.
  begin(keys: AttemptKeys, now: number, rules: BackoffRules): Promise<number> {
    const found = keys.map((key) => this.get(key, now, rules.memoryMs));
    let wait = delayMs(found[0], rules.freePerAddress, now, rules.maxDelayMs);
    if (keys.length === 3 && found[2] !== undefined)
      wait = Math.max(wait, delayMs(found[1], rules.freePerAccount, now, rules.maxDelayMs));
    if (wait > 0) return Promise.resolve(wait);
    keys.forEach((key, i) => {
      // re-inserted: the Map's order is the order of the last failure, oldest first
      this.failures.delete(key);
      this.failures.set(key, { count: (found[i]?.count ?? 0) + 1, last: now });
    });
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxEntries) break;
      this.failures.delete(key);
    }
    return Promise.resolve(0);
  }

  takeBack(keys: AttemptKeys, forgetPair: boolean): Promise<void> {
    for (const key of keys) {
      const f = this.failures.get(key);
      if (f === undefined) continue;
      if (f.count <= 1) this.failures.delete(key);
      else f.count -= 1;
    }
    if (forgetPair && keys.length === 3) this.failures.delete(keys[2]);
    return Promise.resolve();
  }
}

/**
 * MemoryFailureStore.begin in Lua: one script is one atomic step on the Redis server. KEYS: address[, account, pair];
 * ARGV: now, freePerAddress, freePerAccount, maxDelayMs, memoryMs. A counter is a hash {count, last} that expires
 * memoryMs after its last failure (the script also forgets it by `now`, for a clock other than Redis's).
 */
const BEGIN = `
local now = tonumber(ARGV[1])
local maxDelay = tonumber(ARGV[4])
local memory = tonumber(ARGV[5])
local found = {}
for i, key in ipairs(KEYS) do
  local f = redis.call('HMGET', key, 'count', 'last')
  if f[1] then
    local count, last = tonumber(f[1]), tonumber(f[2])
    if now - last > memory then
      redis.call('DEL', key)
    else
      found[i] = { count, last }
    end
  end
end
local function delay(f, free)
  if not f or f[1] < free then return 0 end
  return math.max(0, f[2] + math.min(2 ^ (f[1] - free) * 1000, maxDelay) - now)
end
local wait = delay(found[1], tonumber(ARGV[2]))
if #KEYS == 3 and found[3] then wait = math.max(wait, delay(found[2], tonumber(ARGV[3]))) end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  local count = 0
  if found[i] then count = found[i][1] end
  redis.call('HSET', key, 'count', count + 1, 'last', ARGV[1])
  redis.call('PEXPIRE', key, ARGV[5])
end
return 0
`;

/** MemoryFailureStore.takeBack in Lua. KEYS: address[, account, pair]; ARGV: forgetPair ('1' or '0'). */
const TAKE_BACK = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and redis.call('HINCRBY', key, 'count', -1) <= 0 then
    redis.call('DEL', key)
  end
end
if ARGV[1] == '1' and #KEYS == 3 then redis.call('DEL', KEYS[3]) end
return 0
`;

/** The scripts as commands of the client (ioredis runs them by their SHA, loading them when Redis lacks them). */
interface Scripts {
  racksideBackoffBegin(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
  racksideBackoffTakeBack(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
}

/**
 * The counters in Redis, under `prefix` (e.g. rackside:backoff:): shared by every node on that Redis. Each call is one
 * script, atomic on the server; a failing call (Redis unreachable, timed out) rejects, and FailureBackoff decides.
 */
export class RedisFailureStore implements FailureStore {
  private readonly redis: Redis & Scripts;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('racksideBackoffBegin', { lua: BEGIN });
    redis.defineCommand('racksideBackoffTakeBack', { lua: TAKE_BACK });
    this.redis = redis as Redis & Scripts;
  }

  private names(keys: AttemptKeys): string[] {
    return keys.map((key) => `${this.prefix}${key}`);
  }

  async begin(keys: AttemptKeys, now: number, rules: BackoffRules): Promise<number> {
    return Number(
      await this.redis.racksideBackoffBegin(
        keys.length,
        ...this.names(keys),
        Math.trunc(now),
        rules.freePerAddress,
        rules.freePerAccount,
        rules.maxDelayMs,
        rules.memoryMs,
      ),
    );
  }

  async takeBack(keys: AttemptKeys, forgetPair: boolean): Promise<void> {
    await this.redis.racksideBackoffTakeBack(keys.length, ...this.names(keys), forgetPair ? '1' : '0');
  }
}
