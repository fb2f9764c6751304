/**
 * Speaker tunings (spec 3 §2/§4, issue 17): one channel's tuning exported (optionally locked with a password),
 * imported, unlocked or reset, shown under the channel's Crossover tab. Its export and import dialogs load in their
 * own chunks when first opened.
 */
export { SpeakerTunings, type SpeakerTuningsProps } from './components/speaker-tunings';
export { TUNINGS_NS } from './tunings-i18n';
