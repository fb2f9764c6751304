// Regenerates the files derived from the protocol's parameter tree: the state types and the URL table of docs/device-api.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { generateStateTypes, withUrlTree } from '@rackside/protocol';

const typesPath = new URL('../packages/protocol/src/device/state-types.ts', import.meta.url);
writeFileSync(typesPath, generateStateTypes());
execFileSync('npx', ['prettier', '--write', typesPath.pathname], { stdio: 'ignore' });
console.log('packages/protocol/src/device/state-types.ts regenerated');

const docPath = new URL('../docs/device-api.md', import.meta.url);
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Device API\n\n<!-- URL TREE -->\n';
writeFileSync(docPath, withUrlTree(doc));
console.log('docs/device-api.md: URL tree regenerated');
