import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { urlTreeMarkdown, withUrlTree } from './doc';

describe('generated URL table', () => {
  it('lists fields with their ranges and the models that have them', () => {
    const md = urlTreeMarkdown();
    expect(md).toContain('### `/amp/channels/{n}/output`');
    expect(md).toMatch(/\| `fader` \| number \(dB\) \| -80 … 0, step 0.1 \| 0 \| read\/write \| all amps \|/);
    expect(md).toContain('### `/network/wifi`');
    expect(md).toMatch(/\| `ssid` .*models with Wi-Fi/);
    expect(md).toMatch(/### `\/amp\/channels\/\{n\}\/inputFirEqFilters\/\{k\}`/);
  });
  it('is what docs/device-api.md holds (run `npm run gen:protocol` after changing the tree)', () => {
    const doc = readFileSync(new URL('../../../../docs/device-api.md', import.meta.url), 'utf8');
    expect(withUrlTree(doc)).toBe(doc);
  });
});

describe('generated state types', () => {
  it('are what state-types.ts holds (run `npm run gen:protocol` after changing the tree)', async () => {
    const { generateStateTypes } = await import('./typegen');
    const { format } = await import('prettier');
    const file = readFileSync(new URL('./state-types.ts', import.meta.url), 'utf8');
    const generated = await format(generateStateTypes(), {
      parser: 'typescript',
      singleQuote: true,
      printWidth: 120,
      trailingComma: 'all',
    });
    expect(generated).toBe(file);
  });
});
