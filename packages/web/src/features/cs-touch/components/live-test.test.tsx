import type { DeviceDelta, TouchConfiguration } from '@rackside/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeManager } from '../../../testing/fake-manager';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';
import { pseudoResources } from '../../../testing/pseudo-locale';
import { SourceLiveTest, VolumeLiveTest } from './live-test';
import { BALCONY, LEFT, RIGHT, renderTouch, src, type TestAmp } from './touch-sources.test-utils';

const channels = (amp: TestAmp, offsets: Record<string, number>) => ({
  ipAddress: amp.ip,
  macAddress: amp.mac,
  channels: Object.fromEntries(Object.entries(offsets).map(([ch, offset]) => [ch, { offset }])),
});

const volumeConfig: TouchConfiguration = {
  name: 'Lobby',
  groups: [
    {
      type: 'volume',
      name: 'Main',
      range: 80,
      amps: [channels(LEFT, { '1': -6, '2': 0 }), channels(RIGHT, { '2': -3 }), channels(BALCONY, { '1': 0 })],
      subGroups: [],
    },
  ],
};

const faders = (values: Record<string, number>): DeviceDelta => ({
  amp: { channels: Object.fromEntries(Object.entries(values).map(([ch, fader]) => [ch, { output: { fader } }])) },
});
const patches = { [LEFT.ip]: faders({ '1': -10, '2': -20 }), [RIGHT.ip]: faders({ '2': -5 }) };

const output = (ch: number, fader: number) => [`/amp/channels/${ch}/output`, { fader }] as const;

describe('VolumeLiveTest (issue 19)', () => {
  it('writes clamp(level + offset) to each online channel and puts the faders back when switched off', async () => {
    const { user, manager } = renderTouch(<VolumeLiveTest groupIndex={0} />, volumeConfig, { patches });
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    expect(screen.getByText('Not tested, offline: Balcony')).toBeVisible();
    expect(screen.getByText('Nothing changes on the amps until you move the slider.')).toBeVisible();
    expect(manager.set).not.toHaveBeenCalled();

    const slider = screen.getByRole('slider', { name: /^Test level$/ });
    slider.focus();
    await user.keyboard('{End}');
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...output(1, -6)],
      [LEFT.ip, ...output(2, 0)],
      [RIGHT.ip, ...output(2, -3)],
    ]);
    manager.set.mockClear();
    await user.keyboard('{Home}');
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...output(1, -80)],
      [LEFT.ip, ...output(2, -80)],
      [RIGHT.ip, ...output(2, -80)],
    ]);
    expect(manager.set.mock.calls.some(([ampId]) => ampId === BALCONY.ip)).toBe(false);

    manager.set.mockClear();
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...output(1, -10)],
      [LEFT.ip, ...output(2, -20)],
      [RIGHT.ip, ...output(2, -5)],
    ]);
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('puts the faders back when the page is left', async () => {
    const { user, manager, unmount } = renderTouch(<VolumeLiveTest groupIndex={0} />, volumeConfig, { patches });
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    screen.getByRole('slider', { name: /^Test level$/ }).focus();
    await user.keyboard('{End}');
    manager.set.mockClear();
    unmount();
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...output(1, -10)],
      [LEFT.ip, ...output(2, -20)],
      [RIGHT.ip, ...output(2, -5)],
    ]);
  });

  it('has no hard-coded strings (pseudo-locale)', async () => {
    const { user } = renderTouch(<VolumeLiveTest groupIndex={0} />, volumeConfig, {
      patches,
      resources: pseudoResources(),
    });
    await user.click(screen.getByRole('switch'));
    screen.getByRole('slider').focus();
    await user.keyboard('{End}');
    expectOnlyTranslated(['Balcony']);
  });

  it('shows an amp refusing the write inline and goes on with the others', async () => {
    const manager = fakeManager();
    manager.set.mockImplementation((ampId) =>
      ampId === RIGHT.ip ? Promise.reject(new Error('Value out of range')) : Promise.resolve(),
    );
    const { user } = renderTouch(<VolumeLiveTest groupIndex={0} />, volumeConfig, { patches, manager });
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    screen.getByRole('slider', { name: /^Test level$/ }).focus();
    await user.keyboard('{End}');
    expect(await screen.findByText('Stage Right refused the change: Value out of range')).toBeVisible();
    expect(manager.set).toHaveBeenCalledWith(LEFT.ip, ...output(1, -6));
    await user.keyboard('{ArrowLeft}');
    expect(manager.set).toHaveBeenCalledWith(LEFT.ip, ...output(1, -6.1));
  });
});

const sourceConfig: TouchConfiguration = {
  name: 'Lobby',
  groups: [
    {
      type: 'sourceSelect',
      name: 'Bar',
      states: [
        { name: 'Radio', sources: [src(LEFT, 1, 'Analog 2'), src(RIGHT, 1, 'Analog 2'), src(BALCONY, 1, 'Analog 3')] },
        { name: 'TV', sources: [src(LEFT, 1, 'Dante 1'), src(RIGHT, 1, 'Analog 1'), src(BALCONY, 1, 'Analog 4')] },
      ],
    },
  ],
};

const primaries = (values: Record<string, string>): DeviceDelta => ({
  amp: {
    channels: Object.fromEntries(Object.entries(values).map(([ch, primary]) => [ch, { inputSelector: { primary } }])),
  },
});
const selector = (ch: number, primary: string) => [`/amp/channels/${ch}/inputSelector`, { primary }] as const;

describe('SourceLiveTest (issue 19)', () => {
  it("plays each state's inputs on the amps and restores the primaries when switched off", async () => {
    const { user, manager } = renderTouch(<SourceLiveTest groupIndex={0} />, sourceConfig, {
      patches: { [LEFT.ip]: primaries({ '1': 'Analog 4' }), [RIGHT.ip]: primaries({ '1': 'Analog 1' }) },
    });
    expect(screen.queryByRole('button', { name: /^Play Radio$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    // the whole tree (with the input selectors) is subscribed while testing
    expect(manager.openDetail.mock.calls.map(([id]) => id)).toEqual([LEFT.ip, RIGHT.ip]);
    expect(screen.getByText('Not tested, offline: Balcony')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Play Radio$/ }));
    expect(screen.getByRole('button', { name: /^Play Radio$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...selector(1, 'Analog 2')],
      [RIGHT.ip, ...selector(1, 'Analog 2')],
    ]);
    manager.set.mockClear();
    await user.click(screen.getByRole('button', { name: /^Play TV$/ }));
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...selector(1, 'Dante 1')],
      [RIGHT.ip, ...selector(1, 'Analog 1')],
    ]);

    manager.set.mockClear();
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    expect(manager.set.mock.calls).toEqual([
      [LEFT.ip, ...selector(1, 'Analog 4')],
      [RIGHT.ip, ...selector(1, 'Analog 1')],
    ]);
    expect(manager.release).toHaveBeenCalledTimes(2);
  });

  it('restores the primaries when the page is left', async () => {
    const { user, manager, unmount } = renderTouch(<SourceLiveTest groupIndex={0} />, sourceConfig, {
      patches: { [LEFT.ip]: primaries({ '1': 'Analog 4' }) },
    });
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    await user.click(screen.getByRole('button', { name: /^Play TV$/ }));
    manager.set.mockClear();
    unmount();
    expect(manager.set).toHaveBeenCalledWith(LEFT.ip, ...selector(1, 'Analog 4'));
  });

  it('does not change a channel whose current input is not known yet, and says so', async () => {
    const { user, manager } = renderTouch(<SourceLiveTest groupIndex={0} />, sourceConfig, {
      patches: { [LEFT.ip]: primaries({ '1': 'Analog 4' }) },
      // Stage Right has sent its summary only (no input selectors)
      prepare: (devices) => {
        delete devices.amps[RIGHT.ip]?.state.amp?.channels?.['1']?.inputSelector;
      },
    });
    await user.click(screen.getByRole('switch', { name: /^Test on the amps$/ }));
    expect(
      screen.getByText(
        'Current setting not known yet, so not changed (it could not be put back): Stage Right channel 1',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Play Radio$/ }));
    expect(manager.set.mock.calls).toEqual([[LEFT.ip, ...selector(1, 'Analog 2')]]);
  });
});
