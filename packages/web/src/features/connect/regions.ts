/**
 * The cloud regions an amp can be registered in (spec 1 §4/§5 device-to-cloud registration; the one place to change
 * them). Each endpoint is the cloud's registration URL: the cloud serves its REST under /api, and the amp's cloud
 * agent POSTs to the endpoint as given (docs/device-api.md "Cloud agent"). The production hosts are placeholders on a
 * reserved example domain until the real ones are known (like SUPPORT_EMAIL); development and test point at the
 * cloud service run locally (`npm run cloud`, port 8090), which is what the emulated demo registers with.
 */

export type CloudRegionId = 'us' | 'cn' | 'dev' | 'test';

export interface CloudRegion {
  readonly id: CloudRegionId;
  readonly endpoint: string;
  /** spec 1 §5: development and test regions are hidden outside development mode. */
  readonly devOnly: boolean;
  /** spec 1 §5: the China region carries a note to choose it only if in China. */
  readonly chinaNote: boolean;
}

export const CLOUD_REGIONS: readonly CloudRegion[] = [
  { id: 'us', endpoint: 'https://cloud.rackside.example/api/devices/register', devOnly: false, chinaNote: false },
  { id: 'cn', endpoint: 'https://cn.cloud.rackside.example/api/devices/register', devOnly: false, chinaNote: true },
  { id: 'dev', endpoint: 'http://127.0.0.1:8090/api/devices/register', devOnly: true, chinaNote: false },
  { id: 'test', endpoint: 'http://127.0.0.1:8090/api/devices/register', devOnly: true, chinaNote: false },
];

/** The regions offered: all of them in development mode, else the production ones. */
export const regionsFor = (developmentMode: boolean): readonly CloudRegion[] =>
  CLOUD_REGIONS.filter((r) => developmentMode || !r.devOnly);

/** spec 1 §5 "development mode": the Vite dev server (`npm run dev -w @rackside/web`). */
export const DEVELOPMENT_MODE: boolean = import.meta.env.DEV;
