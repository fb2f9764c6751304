/**
 * Writes docs/transfer-file.schema.json from the zod schema: `npx tsx packages/protocol/src/transfer/write-schema.ts`
 * (then `npx prettier --write docs/transfer-file.schema.json`). file.test.ts fails while the two differ.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transferFileJsonSchema } from './file';

/** Where the published schema lives, and its text (what file.test.ts compares). */
export const SCHEMA_PATH = fileURLToPath(new URL('../../../../docs/transfer-file.schema.json', import.meta.url));
export const schemaText = (): string => JSON.stringify(transferFileJsonSchema(), null, 2) + '\n';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, schemaText());
  console.log(`wrote ${SCHEMA_PATH}`);
}
