/** The amp detail of spec 2 §2: the shell (subscription, header, connection notices) and the gate of its pages. */
export { AmpDetailShell } from './components/amp-detail-shell';
export { AmpPageGate, isChannelOf } from './components/amp-page-gate';
export { RemoteAmpDetail } from './components/remote-amp-detail';
