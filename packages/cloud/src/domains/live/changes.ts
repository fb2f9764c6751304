/**
 * What cloud nodes tell each other for the live streams (issue 20): ids of what changed, never the change itself. The
 * node that records a change calls notifyLive on the executor that records it — on its transaction where it has one,
 * so PostgreSQL delivers the notification at commit and never for a rollback — and every node's listener
 * (notifier.ts) re-reads what its open streams may see. A payload stays below PostgreSQL's 8000-byte limit: larger sets
 * go out as several notifications.
 *
 * The format is the cloud's own (nodes of one deployment run one version; `v` lets a later one tell its own apart):
 * `{"v":1,"d":[deviceId…],"i":[incidentId…],"r":[rolloutId…],"t":[[rolloutId,deviceId]…],"s":[userId…]}`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';

/** The PostgreSQL channel every node LISTENs on. */
export const LIVE_CHANNEL = 'rackside_live';
/** The largest payload sent (PostgreSQL refuses 8000 bytes and more; ids are ASCII, so characters are bytes). */
export const LIVE_PAYLOAD_MAX = 7900;

/** A device id (text); the others are uuids, checked so that a foreign notification cannot break a re-read. */
const DeviceId = z.string().min(1).max(64);
const Uuid = z.guid();

/** A notification's payload as a listener parses it; unknown members are dropped. */
export const LiveChangesSchema = z.object({
  v: z.literal(1),
  /** Devices that went online or offline, moved or were removed. */
  d: z.array(DeviceId).optional(),
  /** Incidents that opened, resolved or reopened. */
  i: z.array(Uuid).optional(),
  /** Rollouts whose state or wave changed (or that were created). */
  r: z.array(Uuid).optional(),
  /** One amp's update within a rollout: [rolloutId, deviceId]. */
  t: z.array(z.tuple([Uuid, DeviceId])).optional(),
  /** Users some of whose sign-in sessions ended. */
  s: z.array(Uuid).optional(),
});

/** What changed (every member optional). */
export interface LiveChanges {
  readonly d?: readonly string[];
  readonly i?: readonly string[];
  readonly r?: readonly string[];
  readonly t?: readonly (readonly [string, string])[];
  readonly s?: readonly string[];
}

const KEYS = ['d', 'i', 'r', 't', 's'] as const;
type Key = (typeof KEYS)[number];
type Item = string | readonly [string, string];

/** The payloads that carry the changes, each below LIVE_PAYLOAD_MAX; none when nothing changed. */
export function payloadsOf(changes: LiveChanges): string[] {
  const payloads: string[] = [];
  let chunk: Partial<Record<Key, Item[]>> = {};
  let size = '{"v":1}'.length;
  let empty = true;
  const flush = () => {
    if (!empty) payloads.push(JSON.stringify({ v: 1, ...chunk }));
    chunk = {};
    size = '{"v":1}'.length;
    empty = true;
  };
  for (const key of KEYS) {
    for (const item of changes[key] ?? []) {
      const cost = JSON.stringify(item).length + 1;
      const keyCost = chunk[key] === undefined ? `,"${key}":[]`.length : 0;
      if (!empty && size + cost + keyCost > LIVE_PAYLOAD_MAX) flush();
      const list = (chunk[key] ??= []);
      size += cost + (list.length === 0 ? `,"${key}":[]`.length : 0);
      list.push(item);
      empty = false;
    }
  }
  flush();
  return payloads;
}

/** A notification's payload, or undefined when it is none of ours (or damaged). */
export function parseChanges(payload: string): LiveChanges | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = LiveChangesSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { v: _version, ...changes } = parsed.data;
  return changes;
}

type LocalListener = (changes: LiveChanges) => void;
const localListeners = new Set<LocalListener>();

/**
 * Listens to the changes told in this process (notifier.ts's in-process backend, for a database it cannot LISTEN on);
 * returns the remover.
 */
export function onLocalChanges(listener: LocalListener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * Tells every node that these things changed: `pg_notify` on the executor (a transaction delivers it at its commit),
 * and the listeners of this process that cannot LISTEN.
 */
export async function notifyLive(executor: Executor, changes: LiveChanges): Promise<void> {
  const payloads = payloadsOf(changes);
  for (const payload of payloads) await executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  if (payloads.length > 0)
    for (const listener of [...localListeners]) {
      try {
        listener(changes);
      } catch {
        // a listener's failure is its own
      }
    }
}
