import type { AmpSummary } from '@rackside/protocol';
import { lazy, useState } from 'react';
import { WithMui } from '../../../shared/ui/with-mui';

// its own chunk: MUI's Menu and the Import/Export dialog load when a menu is first opened (issue 4; docs/adr/0004)
const AmpMenuContent = lazy(async () => ({ default: (await import('./amp-menu-content')).AmpMenuContent }));

/**
 * spec 2 §2 amp menu (local entries), opened by a card's info button. Nothing is mounted until the menu is first
 * opened (a list of cards pays for no menu); it then stays mounted so that it closes with its transition.
 */
export function AmpMenu(props: { summary: AmpSummary; anchor: HTMLElement | null; onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  // state derived while rendering: the first anchor mounts the menu in the same render
  if (props.anchor !== null && !opened) setOpened(true);
  if (!opened && props.anchor === null) return null;
  return (
    <WithMui>
      <AmpMenuContent {...props} />
    </WithMui>
  );
}
