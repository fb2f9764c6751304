/**
 * The pages of one amp (spec 2 §2), under /amps/{ampId} in local mode: the channel view and every sub-page, each
 * screen a lazy chunk of its feature, shown through amp-detail's gate (UAC lock, 802.1X, channel number).
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { AmpPage, AmpPageProps } from '../shared/amp-pages';

type Screen = ComponentType<AmpPageProps>;

const gated = (path: string, page: AmpPage | 'channels', screen: () => Promise<Screen>): RouteObject => ({
  path,
  lazy: async () => {
    const [{ AmpPageGate }, Screen] = await Promise.all([import('../features/amp-detail'), screen()]);
    return { Component: () => <AmpPageGate page={page} Screen={Screen} /> };
  },
});

const channels = async () => (await import('../features/channels')).ChannelsPage;

/** Every amp page, in the order of the amp menu (shared/amp-pages AMP_PAGES). */
export const ampPageRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="channels" replace /> },
  gated('channels', 'channels', channels),
  gated('channels/:n/:section', 'channels', channels),
  gated('settings', 'settings', async () => (await import('../features/settings')).SettingsScreen),
  gated('events', 'events', async () => (await import('../features/logs')).EventsScreen),
  gated('faults', 'faults', async () => (await import('../features/logs')).FaultsScreen),
  gated('power', 'power', async () => (await import('../features/power')).PowerScreen),
  gated('network', 'network', async () => (await import('../features/network')).NetworkScreen),
  gated('dot1x', 'dot1x', async () => (await import('../features/dot1x')).Dot1xScreen),
  gated('green', 'green', async () => (await import('../features/power')).GreenScreen),
  gated('advanced', 'advanced', async () => (await import('../features/gpio')).AdvancedScreen),
  gated('connect', 'connect', async () => (await import('../features/cloud-connect')).ConnectScreen),
  { path: '*', element: <Navigate to="/" replace /> },
];
