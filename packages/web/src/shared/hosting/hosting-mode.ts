/**
 * The hosting mode of spec 1 §1: local (served by an amp, talking to amps) or cloud (served by the cloud service,
 * amps grouped into venues), and whether this is the China cloud (Chinese by default, CN phone numbers). The cloud
 * names itself in the index.html it serves (packages/cloud/src/plugins/web-app.ts); an amp serves the file
 * untouched, so no tag means local mode.
 */
import { createSlice } from '@reduxjs/toolkit';

export interface HostingMode {
  readonly mode: 'local' | 'cloud';
  /** The China cloud (spec 1 §2 Preferences: Chinese when no language is chosen; spec 1 §5: CN phone default). */
  readonly china: boolean;
  /** Where the cloud's REST API is (docs/adr/0003: `{PUBLIC_URL}/api`, same origin); unused in local mode. */
  readonly apiBase: string;
}

export const LOCAL_HOSTING: HostingMode = { mode: 'local', china: false, apiBase: '/api' };
export const CLOUD_HOSTING: HostingMode = { mode: 'cloud', china: false, apiBase: '/api' };

/** The content of the page's `<meta name={name}>`, if it has one. */
export const metaContent = (doc: Pick<Document, 'querySelector'>, name: string): string | undefined =>
  doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/** Reads the cloud's tags: `<meta name="rackside-hosting" content="cloud|cloud-china">`, `<meta name="rackside-api">`. */
export function detectHostingMode(doc: Pick<Document, 'querySelector'>): HostingMode {
  const hosting = metaContent(doc, 'rackside-hosting');
  if (hosting !== 'cloud' && hosting !== 'cloud-china') return LOCAL_HOSTING;
  const api = metaContent(doc, 'rackside-api');
  return {
    mode: 'cloud',
    china: hosting === 'cloud-china',
    apiBase: api !== undefined && /^(\/[\w/-]*)?$/.test(api) ? api.replace(/\/$/, '') : '/api',
  };
}

/** The hosting mode in the store: set once at start, never changed (a slice so that base queries can read it). */
const slice = createSlice({
  name: 'hosting',
  initialState: LOCAL_HOSTING,
  reducers: {},
});
export const hostingReducer = slice.reducer;

export interface WithHosting {
  readonly hosting: HostingMode;
}
export const selectHostingMode = (s: WithHosting): HostingMode => s.hosting;
export const selectIsCloud = (s: WithHosting): boolean => s.hosting.mode === 'cloud';
