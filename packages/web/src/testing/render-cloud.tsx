/** Renders the app in cloud mode at a path against a fake cloud, signed in unless told otherwise. */
import { CLOUD_HOSTING, type HostingMode } from '../shared/hosting';
import type { SessionState } from '../shared/cloud/session-slice';
import { fakeCloud, signedInSession, type FakeCloud } from './fake-cloud';
import { renderApp, type RenderAppOptions } from './render-app';

export interface RenderCloudOptions extends Omit<RenderAppOptions, 'hosting'> {
  readonly cloudApi?: FakeCloud;
  /** The session at start: default signed in with a verified email; 'stored' restores it through the cookie refresh. */
  readonly session?: SessionState | 'stored';
  readonly hosting?: Partial<HostingMode>;
}

export function renderCloud(path: string, options: RenderCloudOptions = {}) {
  const api = options.cloudApi ?? fakeCloud();
  const view = renderApp({
    ...options,
    path,
    hosting: { ...CLOUD_HOSTING, ...options.hosting },
    cloud: { fetch: api.fetch, ...options.cloud },
    preloaded:
      options.session === 'stored'
        ? { ...options.preloaded }
        : { ...options.preloaded, session: options.session ?? signedInSession() },
  });
  return { ...view, api };
}
