import { useSelector } from 'react-redux';
import { selectHostingMode, type HostingMode } from './hosting-mode';

/**
 * The hosting mode for every screen: `{mode: 'local' | 'cloud', china}`. Local-only controls check
 * `mode === 'cloud'` to disable themselves in cloud mode.
 */
export const useHostingMode = (): HostingMode => useSelector(selectHostingMode);
