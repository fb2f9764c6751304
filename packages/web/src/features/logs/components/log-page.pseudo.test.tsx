import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { pseudoResources, untranslated } from '../../../testing/pseudo-locale';
import { renderAmpPage } from '../../../testing/render-amp-page';
import { LogPage } from './log-page';

const LINE = '2026-01-01T08:00:00.000Z Power supply: failure';
// the line's data as shown: its time in the user's format (numbers, not words to translate) and the amp's text
const DATA = new Set([
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2026-01-01T08:00:00Z')),
  'Power supply: failure',
]);

describe('log pages pseudo-locale: no hard-coded strings', () => {
  it.each(['events', 'faults'] as const)('%s, with its confirmation', async (log) => {
    const devices = devicesWith([{ ip: '10.0.0.1', name: 'Main', patch: { logs: { [log]: LINE } } }]);
    const { user } = renderAmpPage(<LogPage ampId="10.0.0.1" log={log} />, {
      devices,
      page: log,
      resources: pseudoResources(),
    });
    expect(untranslated(document.body, DATA)).toEqual([]);
    await user.click(screen.getAllByRole('button')[0]!);
    await screen.findByRole('dialog');
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
