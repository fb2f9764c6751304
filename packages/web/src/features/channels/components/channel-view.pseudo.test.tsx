import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { AmpState } from '@rackside/protocol';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../shared/i18n';
import { pseudo, pseudoResources, untranslated } from '../../../testing/pseudo-locale';
import { channelOf, fixture } from '../channels.test-utils';
import { CHANNEL_TABS } from '../types';
import { ChannelView } from './channel-view';

const i18n = createI18n('en', pseudoResources());

/** Device data (channel and input names), numbers, numbers with a translated unit, and ' · '-joined summaries of those. */
const isData = (text: string, names: ReadonlySet<string>) =>
  text
    .split(/ ?· /)
    .filter((part) => part !== '')
    .every((part) => names.has(part) || /^[-+]?[\d.]+k?$/.test(part) || /^(?:[-+]?[\d.]+ )?⟦[^⟧]*⟧$/.test(part));

function expectTranslated(state: AmpState) {
  const names = new Set([
    ...Object.values(state.channels).map((c) => c.output.name),
    ...Object.values(state.inputs.analog).map((i) => i.name),
  ]);
  const found = untranslated(document.body, names).filter(
    (entry) => !isData(JSON.parse(entry.slice(entry.indexOf(': ') + 2)) as string, names),
  );
  expect(found).toEqual([]);
}

describe('channel view pseudo-locale: no hard-coded strings', () => {
  it.each(CHANNEL_TABS)('%s tab', async (tab) => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        channelOf(s).output.hiZLoZ = 'HiZ-70V';
        s.signalGenerator.type = 'Tone';
        channelOf(s).crossover.lowPassFilter.customFirCoeffs = '1,0';
      },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <ChannelView {...p} tab={tab} width={1200} onTabChange={() => undefined} onChannelChange={() => undefined} />
      </I18nextProvider>,
    );
    expectTranslated(p.state);
    const expand = screen.queryAllByRole('button', { name: /fíltér 1⟧$/ })[0];
    if (expand) {
      await userEvent.setup().click(expand);
      expectTranslated(p.state);
    }
  });

  it('the entry dialog', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    render(
      <I18nextProvider i18n={i18n}>
        <ChannelView {...p} tab="inputs" width={1000} onTabChange={() => undefined} onChannelChange={() => undefined} />
      </I18nextProvider>,
    );
    const column = screen.getAllByRole('region')[0]!;
    await user.click(
      within(column).getAllByRole('button', { name: new RegExp(pseudo('Edit {{label}}').slice(1, 4)) })[0]!,
    );
    await screen.findByRole('dialog');
    expectTranslated(p.state);
  });

  it('a Faulted channel: its reason in the header and the status badge', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        s.powerSupply.fault = true;
        channelOf(s, 1).output.status = 'Faulted';
        channelOf(s, 2).output.status = 'Faulted';
        channelOf(s, 2).output.thermal = true;
      },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ChannelView
            {...p}
            tab="settings"
            width={1600}
            onTabChange={() => undefined}
            onChannelChange={() => undefined}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
    expectTranslated(p.state);
  });
});
