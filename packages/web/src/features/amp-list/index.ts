export { AmpListSplit, AmpsLayout } from './components/amps-layout';
export { SelectAmpPrompt } from './components/select-amp-prompt';
export { ampListReducer } from './store/amp-list-slice';
export { ampMenuEntries, type AmpMenuEntry } from './amp-menu-entries';
export { AmpMenu } from './components/amp-menu';
export { AmpCardFrame } from './components/amp-card-frame';
export { ConnectionIcon, MuteAllCardButton } from './components/amp-card-actions';
export { CardIconButton } from './components/card-icon-button';
