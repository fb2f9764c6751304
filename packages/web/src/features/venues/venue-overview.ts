/**
 * Venues with their amps as the console shows them (spec 1 §3 Venue and Amp summary): each amp's summary derived
 * with the protocol's rules from its reported shadow (spec 1 §7 attributes) and firmware summary (spec 1 §7
 * devices), and the venue's derived fields.
 */
import {
  compareNames,
  deriveAmpSummary,
  sortAmps,
  type AmpSummary,
  type DeviceAttributesReply,
  type VenueDevices,
} from '@rackside/protocol';

/** One amp of a venue. */
export interface CloudAmp {
  readonly venueId: string;
  readonly summary: AmpSummary;
  /** spec 1 §2 dashboard: the device's fault and event logs, newline-separated. */
  readonly faults: string;
  readonly events: string;
  /** When the cloud last heard from the amp (ISO 8601), or null. */
  readonly lastSeenAt: string | null;
}

/** spec 1 §3 Venue with its amps; `devicesFailed` when they could not be fetched (spec 1 §4: it shows no amps). */
export interface VenueOverview {
  readonly venueId: string;
  readonly name: string;
  readonly amps: readonly CloudAmp[];
  readonly devicesFailed: boolean;
}

export type VenueErrorStatus = 'fault' | 'warning' | 'none';

/** spec 1 §3 derived venue fields. */
export interface VenueStatus {
  readonly ampCount: number;
  readonly connectedAmpCount: number;
  readonly hasFault: boolean;
  readonly hasWarning: boolean;
  readonly hasAvailableFirmwareUpdate: boolean;
  readonly venuesErrorStatus: VenueErrorStatus;
}

/** The amps of a venue from its two listings; an amp the attributes do not list is left out. */
export function cloudAmpsOf(venueId: string, devices: VenueDevices, attributes: DeviceAttributesReply): CloudAmp[] {
  const firmware = new Map(devices.devices.map((d) => [d.deviceId, d.deviceSummary]));
  return attributes.devices.map((d) => {
    const versions = firmware.get(d.deviceId);
    const reported = d.shadowAttributes.reported;
    return {
      venueId,
      // the reported shadow is a part of the amp's state tree (cloud/mqtt.ts), read as partial device state
      summary: deriveAmpSummary({
        ampId: d.deviceId,
        device: reported,
        isConnected: d.deviceAttributes.connected,
        ...(versions
          ? {
              currentFirmwareVersion: versions.currentFirmwareVersion,
              latestFirmwareVersion: versions.latestFirmwareVersion,
            }
          : {}),
      }),
      faults: reported.logs?.faults ?? '',
      events: reported.logs?.events ?? '',
      lastSeenAt: d.deviceAttributes.lastSeenAt,
    };
  });
}

/**
 * spec 1 §2/§3: 'N of M amps online'; fault and warning from the connected amps (an offline amp's shadow is its
 * last word, not its state); a firmware update shows only when one exists and at least one amp is connected.
 */
export function venueStatus(amps: readonly CloudAmp[]): VenueStatus {
  const connected = amps.filter((a) => a.summary.isConnected);
  const hasFault = connected.some((a) => a.summary.hasFault);
  const hasWarning = connected.some((a) => a.summary.hasWarning);
  return {
    ampCount: amps.length,
    connectedAmpCount: connected.length,
    hasFault,
    hasWarning,
    hasAvailableFirmwareUpdate: connected.length > 0 && amps.some((a) => a.summary.hasAvailableFirmwareUpdate),
    venuesErrorStatus: hasFault ? 'fault' : hasWarning ? 'warning' : 'none',
  };
}

/** spec 1 §2 venue panel: the amps sorted by `s` (faults first, or by name). */
export function sortVenueAmps(amps: readonly CloudAmp[], s: VenueAmpSort): CloudAmp[] {
  const summaries = sortAmps(
    amps.map((a) => a.summary),
    s,
    s === 'faults' ? 'desc' : 'asc',
  );
  const byId = new Map(amps.map((a) => [a.summary.ampId, a]));
  return summaries.flatMap((summary) => byId.get(summary.ampId) ?? []);
}

/** spec 1 §2: the venue panel's query parameter s. */
export type VenueAmpSort = 'faults' | 'name';
export const venueAmpSortOf = (s: string | null): VenueAmpSort => (s === 'faults' ? 'faults' : 'name');

export const VENUE_SORT_KEYS = ['name', 'status'] as const;
export type VenueSortKey = (typeof VENUE_SORT_KEYS)[number];

/** spec 1 §2 venue list: search by name (case-insensitive), sort by name or error status (fault, warning, none). */
export function visibleVenues(venues: readonly VenueOverview[], search: string, sort: VenueSortKey): VenueOverview[] {
  const q = search.trim().toLowerCase();
  const found = venues.filter((v) => q === '' || v.name.toLowerCase().includes(q));
  const rank = { fault: 2, warning: 1, none: 0 } as const;
  const score = (v: VenueOverview) => rank[venueStatus(v.amps).venuesErrorStatus];
  return found.sort((a, b) => (sort === 'status' ? score(b) - score(a) : 0) || compareNames(a.name, b.name));
}
