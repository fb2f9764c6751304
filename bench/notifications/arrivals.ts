/**
 * What benchNotifications reads off the test servers and the database once the faults are out: the messages per amp
 * and channel against each fault's publish time, and where the time went (from the outbox rows of the faults'
 * incidents: stored → rows written → leased by the worker → at the server).
 */
import { summarize, type Latency } from '../stats';
import type { CloudUnderTest } from '../cloud/cloud-under-test';
import type { BareRun } from './baseline';

/** One channel's figures. */
export interface ChannelResult {
  readonly expected: number;
  /** Amps with at least one message on this channel. */
  readonly delivered: number;
  /** Messages beyond the first per amp. */
  readonly duplicates: number;
  /** Fault publish → arrival at the server, per amp (a missing message counts as infinitely late). */
  readonly latency: Latency;
  /** The first fault → the last message of this channel at the server. */
  readonly lastMs: number;
  /** The bare baseline, when run. */
  readonly bare?: BareRun;
  /** E-mail only: the cloud's own mailer (createSmtpMailer, no pool) alone, as many at once as the worker. */
  readonly mailerAlone?: BareRun;
}

/** One stage of a message's way (ms). */
export interface Stage {
  readonly what: string;
  readonly latency: Latency;
}

/** The messages of one channel by amp: the first arrival, how many arrived, those naming no amp, the last arrival. */
export interface Arrivals {
  readonly first: Map<string, number>;
  readonly count: Map<string, number>;
  readonly strays: number;
  readonly last: number;
}

/** The amp a message is about: its console link `/venues/{venueId}/amps/{deviceId}`. */
const AMP_LINK = /\/amps\/([0-9a-f-]{36})/;

/** Rows of a raw query, on PGlite and node-postgres alike. */
export async function rows(cloud: CloudUnderTest, query: string): Promise<Record<string, unknown>[]> {
  const result: unknown = await cloud.db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** Per amp: the first arrival on a channel and how many arrived. */
export function byDevice(
  texts: readonly { text: string; at: number }[],
  published: Readonly<Record<string, number>>,
): Arrivals {
  const first = new Map<string, number>();
  const count = new Map<string, number>();
  let strays = 0;
  let last = Number.NaN;
  for (const { text, at } of texts) {
    const id = AMP_LINK.exec(text)?.[1];
    if (id === undefined || published[id] === undefined) {
      strays++;
      continue;
    }
    count.set(id, (count.get(id) ?? 0) + 1);
    if (!first.has(id)) first.set(id, at);
    last = Number.isNaN(last) ? at : Math.max(last, at);
  }
  return { first, count, strays, last };
}

/** One channel's figures from its arrivals and the faults' publish times; `latencies` per amp, in fault order. */
export function channelFigures(
  arrivals: Arrivals,
  faultAt: Readonly<Record<string, number>>,
  firstFault: number,
): { result: ChannelResult; latencies: number[] } {
  const ids = Object.keys(faultAt);
  const latencies = ids.map((id) =>
    arrivals.first.has(id) ? arrivals.first.get(id)! - faultAt[id]! : Number.POSITIVE_INFINITY,
  );
  const result: ChannelResult = {
    expected: ids.length,
    delivered: arrivals.first.size,
    duplicates: [...arrivals.count.values()].reduce((s, n) => s + n - 1, 0),
    latency: summarize(latencies),
    lastMs: arrivals.last - firstFault,
  };
  return { result, latencies };
}

/**
 * Where the time goes, from the outbox rows of the faults' incidents: publish → stored (`faultStored`, the cloud's
 * stored-state hook), stored → rows written (`created_at`), written → leased (`sent_at` is the lease's moment),
 * leased → at the server. Also the rows by state and those that failed at least once.
 */
export async function stagesOf(
  cloud: CloudUnderTest,
  faultAt: Readonly<Record<string, number>>,
  faultStored: ReadonlyMap<string, number>,
  arrivals: { readonly email: Arrivals; readonly sms: Arrivals },
): Promise<{ stages: Stage[]; states: Record<string, number>; retried: number }> {
  const outbox = await rows(
    cloud,
    'select i.device_id, n.channel, n.state, n.attempts, extract(epoch from n.created_at) * 1000 as created, ' +
      'extract(epoch from n.sent_at) * 1000 as sent from notifications n join incidents i on i.id = n.incident_id ' +
      `where i.condition_type = 'channelFault'`,
  );
  const states: Record<string, number> = {};
  let retried = 0;
  const storedToEnqueued: number[] = [];
  const enqueuedToLeased: number[] = [];
  const leasedToArrived: number[] = [];
  for (const row of outbox) {
    const id = String(row.device_id);
    const state = String(row.state);
    states[state] = (states[state] ?? 0) + 1;
    if (Number(row.attempts) > 0) retried++; // a failed try each
    const created = Number(row.created);
    const sent = row.sent === null ? Number.NaN : Number(row.sent);
    const storedAt = faultStored.get(id);
    if (row.channel === 'email' && storedAt !== undefined) storedToEnqueued.push(created - storedAt);
    if (!Number.isNaN(sent)) {
      enqueuedToLeased.push(sent - created);
      const arrived = (row.channel === 'email' ? arrivals.email : arrivals.sms).first.get(id);
      if (arrived !== undefined) leasedToArrived.push(arrived - sent);
    }
  }
  const ids = Object.keys(faultAt);
  const stages: Stage[] = [
    {
      what: 'fault publish → reported state stored (ingest)',
      latency: summarize(ids.filter((id) => faultStored.has(id)).map((id) => faultStored.get(id)! - faultAt[id]!)),
    },
    { what: 'stored → incident + outbox rows written (deriver)', latency: summarize(storedToEnqueued) },
    { what: 'rows written → leased by the worker (wake-up, claim turn)', latency: summarize(enqueuedToLeased) },
    { what: 'leased → at the server (queue, compose, send, 32 lanes)', latency: summarize(leasedToArrived) },
  ];
  return { stages, states, retried };
}
