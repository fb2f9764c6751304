// Regenerates the URL table of docs/device-api.md from the protocol's parameter tree.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { withUrlTree } from '@rackside/protocol';

const path = new URL('../docs/device-api.md', import.meta.url);
const doc = existsSync(path) ? readFileSync(path, 'utf8') : '# Device API\n\n<!-- URL TREE -->\n';
writeFileSync(path, withUrlTree(doc));
console.log('docs/device-api.md: URL tree regenerated');
