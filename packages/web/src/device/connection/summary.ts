/**
 * An amp's summary (spec 2 §3): the subtrees its list card reads, fetched with `get` over whatever connection the amp
 * has (its live one, or a short-lived one when parked).
 */
import { DeviceCallError } from '@rackside/device-client';
import { ampErrored } from '../store/devices-slice';
import type { Fleet } from './fleet';
import { summaryUrls } from './summary-urls';

/** Fetches the summary subtrees of one connected amp; an amp that refuses one shows 'failedToGetDeviceData'. */
export async function fetchSummary(fleet: Fleet, ampId: string): Promise<void> {
  const rec = fleet.amps.get(ampId);
  if (!rec || rec.client.connectionState !== 'CONNECTED') return;
  const fetch = async (urls: string[]) => {
    const results = await Promise.allSettled(urls.map((u) => rec.client.get(u)));
    return results.some((r) => r.status === 'rejected' && r.reason instanceof DeviceCallError);
  };
  // the channel subtrees depend on the model, which the base subtrees (deviceInfo) may have just revealed
  const failedBase = await fetch(summaryUrls(undefined));
  const failedChannels = await fetch(summaryUrls(rec.client.model).slice(summaryUrls(undefined).length));
  // spec 2 §1: the touch panels an amp proxies are listed beside the amps; an amp without /NSTProxy simply has none
  if (rec.client.model?.kind !== 'touch') await rec.client.get('/NSTProxy').catch(() => undefined);
  const error = failedBase || failedChannels ? 'failedToGetDeviceData' : null;
  if (!fleet.isCurrent(ampId, rec) || rec.error === error) return;
  rec.error = error;
  fleet.dispatch(ampErrored({ ampId, error }));
}
