/**
 * The cloud regions an amp can be registered in (spec 1 §4/§5 device-to-cloud registration; the one place to change
 * them). Each endpoint is the cloud's registration URL: the cloud serves its REST under /api, and the amp's cloud
 * agent POSTs to the endpoint as given (docs/device-api.md "Cloud agent"). The production hosts are placeholders on a
 * reserved example domain until the real ones are known (like SUPPORT_EMAIL); development and test point at the
 * cloud service run locally (`npm run cloud`, port 8090) unless the page names another: an emulated amp started
 * with a development cloud (`startFleet({ devCloudEndpoint })`, `npm run sim -- --dev-cloud URL`, `npm start`)
 * serves the console with `<meta name="rackside-dev-cloud" content="{registration URL}">`, which turns development
 * mode on and points the development and test regions there.
 */

import { metaContent } from '../../shared/hosting';

export type CloudRegionId = 'us' | 'cn' | 'dev' | 'test';

export interface CloudRegion {
  readonly id: CloudRegionId;
  readonly endpoint: string;
  /** spec 1 §5: development and test regions are hidden outside development mode. */
  readonly devOnly: boolean;
  /** spec 1 §5: the China region carries a note to choose it only if in China. */
  readonly chinaNote: boolean;
}

/** The development and test regions' endpoint when the page names none: `npm run cloud` on its default port. */
export const DEFAULT_DEV_ENDPOINT = 'http://127.0.0.1:8090/api/devices/register';

export const CLOUD_REGIONS: readonly CloudRegion[] = [
  { id: 'us', endpoint: 'https://cloud.rackside.example/api/devices/register', devOnly: false, chinaNote: false },
  { id: 'cn', endpoint: 'https://cn.cloud.rackside.example/api/devices/register', devOnly: false, chinaNote: true },
  { id: 'dev', endpoint: DEFAULT_DEV_ENDPOINT, devOnly: true, chinaNote: false },
  { id: 'test', endpoint: DEFAULT_DEV_ENDPOINT, devOnly: true, chinaNote: false },
];

/**
 * The regions offered: all of them in development mode, else the production ones; the development and test regions
 * register at `devEndpoint` (default DEFAULT_DEV_ENDPOINT).
 */
export const regionsFor = (
  developmentMode: boolean,
  devEndpoint: string = DEFAULT_DEV_ENDPOINT,
): readonly CloudRegion[] =>
  CLOUD_REGIONS.filter((r) => developmentMode || !r.devOnly).map((r) =>
    r.devOnly ? { ...r, endpoint: devEndpoint } : r,
  );

/** The name of the tag an emulated amp started with a development cloud adds to the console it serves. */
export const DEV_CLOUD_META = 'rackside-dev-cloud';

/** spec 1 §5 "development mode" and where its regions register. */
export interface DevCloud {
  readonly developmentMode: boolean;
  readonly endpoint: string;
}

const isHttpUrl = (text: string): boolean => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/**
 * Development mode is the Vite dev server (`npm run dev -w @rackside/web`, `viteDev`) or a page that names a
 * development cloud (`<meta name="rackside-dev-cloud">` with an http(s) URL; any other content is ignored); the
 * development and test regions then register at the named cloud, else at DEFAULT_DEV_ENDPOINT.
 */
export function detectDevCloud(doc: Pick<Document, 'querySelector'> | undefined, viteDev: boolean): DevCloud {
  const named = doc ? metaContent(doc, DEV_CLOUD_META)?.trim() : undefined;
  const endpoint = named !== undefined && isHttpUrl(named) ? named : undefined;
  return { developmentMode: viteDev || endpoint !== undefined, endpoint: endpoint ?? DEFAULT_DEV_ENDPOINT };
}

/** This page's development mode and development cloud (read from the document when called). */
export const currentDevCloud = (): DevCloud =>
  detectDevCloud(typeof document === 'undefined' ? undefined : document, import.meta.env.DEV);
