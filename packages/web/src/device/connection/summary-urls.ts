import type { ModelInfo } from '@rackside/protocol';

/** spec 2 §3 amp summary: the subtrees it reads, fetched for amps not open in detail. */
export function summaryUrls(model: ModelInfo | undefined): string[] {
  const base = ['/misc', '/network', '/UAC', '/amp/deviceInfo', '/amp/powerSupply', '/amp/autoStandby'];
  const channels = Array.from({ length: model?.channels ?? 0 }, (_, i) =>
    ['output', 'loadMonitor', 'pilotToneDetector'].map((part) => `/amp/channels/${i + 1}/${part}`),
  ).flat();
  return [...base, ...channels];
}
