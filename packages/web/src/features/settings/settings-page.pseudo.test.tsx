import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../testing/fixtures';
import { pseudoResources, untranslated } from '../../testing/pseudo-locale';
import { renderAmpPage } from '../../testing/render-amp-page';
import { SettingsScreen } from './amp-page-settings';

const resources = pseudoResources();

describe('settings page pseudo-locale: no hard-coded strings', () => {
  it.each([false, true])('protected: %s', async (passwordProtected) => {
    const devices = devicesWith([{ ip: '10.0.0.1', name: 'Main', patch: { misc: { passwordProtected } } }]);
    const { user } = renderAmpPage(<SettingsScreen ampId="10.0.0.1" />, {
      devices,
      password: 'S3cret!pw',
      resources,
    });
    expect(untranslated(document.body, new Set())).toEqual([]);
    await user.click(screen.getByRole('switch'));
    await screen.findByRole('dialog');
    // the amp's name is data
    expect(untranslated(document.body, new Set()).filter((e) => !e.includes('Main'))).toEqual([]);
  });
});
