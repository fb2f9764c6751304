import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../testing/fixtures';
import { pseudoResources, untranslated } from '../../testing/pseudo-locale';
import { renderAmpPage } from '../../testing/render-amp-page';
import { AdvancedScreen } from './amp-page-advanced';

describe('advanced page pseudo-locale: no hard-coded strings', () => {
  it.each(['1504', '704D'])('%s', async (model) => {
    const devices = devicesWith([
      { ip: '10.0.0.1', model, patch: { GPIO: { '1': { mode: 'Input-ManualOverride' } } } },
    ]);
    const { user } = renderAmpPage(<AdvancedScreen ampId="10.0.0.1" />, {
      devices,
      page: 'advanced',
      resources: pseudoResources(),
    });
    expect(untranslated(document.body, new Set())).toEqual([]);
    const first = screen.queryAllByRole('combobox')[0];
    if (first) {
      await user.click(first);
      await screen.findAllByRole('option');
      expect(untranslated(document.body, new Set())).toEqual([]);
    }
  });
});
