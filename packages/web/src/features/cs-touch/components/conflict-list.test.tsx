import type { TouchConfiguration } from '@rackside/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConflictList } from './conflict-list';
import { BALCONY, LEFT, RIGHT, renderTouch, src } from './touch-sources.test-utils';

describe('ConflictList (issue 19 check before saving)', () => {
  it('lists a channel in two source groups, an offline amp and a source the model lacks', () => {
    const config: TouchConfiguration = {
      name: 'Lobby',
      groups: [
        { type: 'sourceSelect', name: 'Bar', states: [{ name: 'Radio', sources: [src(LEFT, 1, 'Analog 1')] }] },
        {
          type: 'sourceSelect',
          name: 'Lounge',
          states: [{ name: 'Music', sources: [src(LEFT, 1, 'Analog 2'), src(RIGHT, 2, 'Dante 1')] }],
        },
        { type: 'sourceSelect', name: 'Balcony', states: [{ name: 'Quiet', sources: [src(BALCONY, 1, 'Analog 1')] }] },
      ],
    };
    renderTouch(<ConflictList />, config);
    const check = screen.getByRole('status', { name: /^Check before saving$/ });
    const items = within(check)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Balcony is offline: the panel cannot control it now.',
      'Channel 1 of Stage Left is in more than one group: Bar and Lounge.',
      'In Lounge, state Music selects Dante 1 on channel 2 of Stage Right, an input that amp does not offer.',
    ]);
  });

  it('shows nothing for a sound configuration', () => {
    const config: TouchConfiguration = {
      name: 'Lobby',
      groups: [{ type: 'sourceSelect', name: 'Bar', states: [{ name: 'Radio', sources: [src(LEFT, 1, 'Analog 1')] }] }],
    };
    renderTouch(<ConflictList />, config);
    expect(screen.queryByText('Check before saving')).not.toBeInTheDocument();
  });
});
