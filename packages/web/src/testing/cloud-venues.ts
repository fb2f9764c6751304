/** Venues with amps for the fake cloud (spec 1 §7 /venues, /venues/{id}/devices, /devices/attributes). */
import type { FakeRoute } from './fake-cloud';

export interface AmpFixtureCloud {
  readonly id: string;
  readonly name: string;
  readonly connected?: boolean;
  readonly fault?: boolean;
  readonly warning?: boolean;
  /** A newer firmware than the amp's is offered. */
  readonly update?: boolean;
}
export interface VenueFixture {
  readonly venueId: string;
  readonly name: string;
  readonly amps?: readonly AmpFixtureCloud[];
}

const reported = (a: AmpFixtureCloud, i: number) => ({
  amp: {
    deviceInfo: { deviceName: a.name, modelID: '704D', firmwareVersion: '1.5.0.0' },
    powerSupply: { fault: a.fault === true, powerOk: a.warning !== true },
  },
  misc: { ipAddr: `10.0.0.${i + 1}`, connectionType: 'Wired' },
  logs: { faults: a.fault ? 'Power supply fault\n' : '', events: '' },
});

/** The fake cloud routes of these venues. */
export function venueRoutes(venues: readonly VenueFixture[]): Record<string, FakeRoute> {
  const routes: Record<string, FakeRoute> = {
    'GET /venues': { body: { venues: venues.map(({ venueId, name }) => ({ venueId, name })) } },
  };
  for (const v of venues) {
    const amps = v.amps ?? [];
    routes[`GET /venues/${v.venueId}/devices`] = {
      body: {
        devices: amps.map((a) => ({
          deviceId: a.id,
          deviceSummary: {
            hasAvailableFirmwareUpdate: a.update === true,
            currentFirmwareVersion: '1.5.0.0',
            latestFirmwareVersion: a.update ? '1.6.0.0' : '1.5.0.0',
          },
        })),
      },
    };
    routes[`POST /venues/${v.venueId}/devices/attributes`] = {
      body: {
        devices: amps.map((a, i) => ({
          deviceId: a.id,
          deviceAttributes: { connected: a.connected !== false, numberOfChannels: 4, lastSeenAt: null },
          shadowAttributes: { reported: reported(a, i), updatedAt: null },
        })),
      },
    };
  }
  return routes;
}
