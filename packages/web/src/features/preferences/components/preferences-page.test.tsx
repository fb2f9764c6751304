import { LANGUAGE_STORAGE_KEY } from '@rackside/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { DARK_MODE_STORAGE_KEY, DELAY_UNITS_STORAGE_KEY, loadPreferences } from '../store/preferences-slice';

async function choose(user: ReturnType<typeof renderApp>['user'], combobox: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('preferences (spec 1 §2)', () => {
  it('switches the language and remembers it under LANGUAGE; Default forgets it', async () => {
    const { user } = renderApp({ path: '/preferences' });
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument();
    await choose(user, 'Language', 'Español');
    expect(await screen.findByRole('heading', { name: 'Preferencias' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    await choose(user, 'Idioma', '中文');
    expect(await screen.findByRole('heading', { name: '偏好设置' })).toBeInTheDocument();
    await choose(user, '语言', '默认（浏览器语言）');
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument(); // jsdom's browser speaks en-US
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('remembers dark mode and delay units, and a new session starts with them', async () => {
    const { user, unmount } = renderApp({ path: '/preferences' });
    const dark = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(dark).not.toBeChecked();
    await user.click(dark);
    expect(dark).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Delay units' })).toHaveTextContent('Milliseconds');
    await choose(user, 'Delay units', 'Feet');
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBe('true');
    expect(localStorage.getItem(DELAY_UNITS_STORAGE_KEY)).toBe('Feet');
    expect(loadPreferences(localStorage)).toEqual({ language: null, darkMode: true, delayUnits: 'Feet' });
    unmount();
    renderApp({ path: '/preferences' });
    expect(await screen.findByRole('switch', { name: 'Dark mode' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Delay units' })).toHaveTextContent('Feet');
  });

  it('ignores unreadable stored values', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    localStorage.setItem(DELAY_UNITS_STORAGE_KEY, 'Furlongs');
    expect(loadPreferences(localStorage)).toEqual({ language: null, darkMode: false, delayUnits: 'Milliseconds' });
  });
});
