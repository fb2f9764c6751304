/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../theme';

// read from disk: the test runner hands CSS imports over empty
const tokensCss = readFileSync(`${import.meta.dirname}/tokens.css`, 'utf8');

/** The custom properties of one rule of tokens.css (`:root` or `[data-theme='dark']`). */
function tokens(selector: string): Map<string, string> {
  const start = tokensCss.indexOf(`${selector} {`);
  const body = tokensCss.slice(start, tokensCss.indexOf('}', start));
  const found = new Map<string, string>();
  for (const m of body.matchAll(/(--rs-[\w-]+):\s*([^;]+);/g)) found.set(m[1]!, m[2]!.replace(/\s+/g, ' ').trim());
  return found;
}

const norm = (v: string) => v.replace(/'/g, '"').replace(/\s+/g, ' ').toLowerCase();

describe('the CSS tokens of the first route (docs/adr/0004)', () => {
  it.each([
    ['light', ':root'],
    ['dark', "[data-theme='dark']"],
  ])('repeat the colours of the MUI theme in %s mode', (mode, selector) => {
    const { palette, typography } = createAppTheme(mode === 'dark');
    const css = new Map([...tokens(':root'), ...tokens(selector)]);
    const expected: Record<string, string> = {
      '--rs-font': typography.fontFamily ?? '',
      '--rs-text': palette.text.primary,
      '--rs-text-secondary': palette.text.secondary,
      '--rs-divider': palette.divider,
      '--rs-icon': palette.action.active,
      '--rs-hover': palette.action.hover,
      '--rs-selected': palette.action.selected,
      '--rs-disabled': palette.action.disabled,
      '--rs-bg': palette.background.default,
      '--rs-paper': palette.background.paper,
      '--rs-primary': palette.primary.main,
      '--rs-on-primary': palette.primary.contrastText,
      '--rs-secondary': palette.secondary.main,
      '--rs-on-secondary': palette.secondary.contrastText,
      '--rs-success': palette.success.main,
      '--rs-warning': palette.warning.main,
      '--rs-on-warning': palette.warning.contrastText,
      '--rs-error': palette.error.main,
      // MUI's AppBar: the primary colour in light mode, the paper in dark mode
      '--rs-bar': mode === 'dark' ? palette.background.paper : palette.primary.main,
    };
    for (const [name, value] of Object.entries(expected))
      expect([name, norm(css.get(name) ?? '')]).toEqual([name, norm(value)]);
  });
});
