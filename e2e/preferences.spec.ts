import { expect, test, type Page } from '@playwright/test';
import { OPEN_AMPS } from './fleet';

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

test('switching the language to Spanish and Chinese changes the interface, and is remembered', async ({ page }) => {
  await page.goto('/preferences');
  await choose(page, 'Language', 'Español');
  await expect(page.getByRole('heading', { name: 'Preferencias' })).toBeVisible();
  await page.goto('/amps');
  await expect(page.getByRole('list', { name: 'Amplificadores' }).getByRole('listitem')).toHaveCount(OPEN_AMPS.length);
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seleccione un amplificador' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.goto('/preferences');
  await choose(page, 'Idioma', '中文');
  await expect(page.getByRole('heading', { name: '偏好设置' })).toBeVisible();
  await page.goto('/amps');
  await expect(page.getByRole('searchbox', { name: '搜索' })).toBeVisible();
  await expect(page.getByRole('link', { name: '状态：正常' }).first()).toBeVisible();
});

test('dark mode darkens the console and stays on after a reload', async ({ page }) => {
  await page.goto('/preferences');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('switch', { name: 'Dark mode' }).check();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  const [r = 255, g = 255, b = 255] = (dark.match(/\d+/g) ?? []).map(Number);
  expect(r + g + b).toBeLessThan(120);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  expect(await background()).toBe(dark);
});
