/**
 * `npm run db:generate -w @rackside/cloud -- <name>` writes the next migration: it applies the existing migrations to
 * an in-memory PGlite, asks drizzle-kit which SQL would bring that database to src/db/schema, and saves that SQL as
 * src/db/migrations/NNNN_<name>.sql. Review the file (renames look like drop + add) before committing it.
 * `-- --check` writes nothing and exits 1 when the schema and the migrations disagree.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { IN_MEMORY } from '../config';
import { createDb } from './client';
import { MIGRATIONS_DIR, appliedMigrations, migrate } from './migrate';
import * as schema from './schema/index';

/** The one function of drizzle-kit/api used here. */
interface DrizzleKitApi {
  pushSchema(
    imports: Record<string, unknown>,
    db: unknown,
  ): Promise<{ statementsToExecute: string[]; warnings: string[]; hasDataLoss: boolean }>;
}

// drizzle-kit sits in the root node_modules and drizzle-orm only in packages/cloud/node_modules; the npm script
// sets NODE_PATH so that drizzle-kit's own require('drizzle-orm') finds it (its CLI cannot: it uses import()).
const require = createRequire(import.meta.url);
const api = require('drizzle-kit/api') as DrizzleKitApi;

const args = process.argv.slice(2);
const check = args.includes('--check');
const name = args.find((a) => !a.startsWith('--'));
if (!check && (name === undefined || !/^[a-z0-9_]+$/.test(name))) {
  console.error('usage: npm run db:generate -w @rackside/cloud -- <name in snake_case> | --check');
  process.exit(2);
}

const database = await createDb({ DATA_DIR: IN_MEMORY, DATABASE_URL: undefined });
try {
  await migrate(database.db);
  // The bookkeeping table is passed along so that drizzle-kit neither drops it nor asks whether a new table renames it.
  const diff = await api.pushSchema({ ...schema, appliedMigrations }, database.db);
  const statements = diff.statementsToExecute;
  if (statements.length === 0) {
    console.log('The migrations already match src/db/schema.');
  } else if (check) {
    console.error(`src/db/schema differs from the migrations; run db:generate. Missing:\n${statements.join('\n')}`);
    process.exitCode = 1;
  } else {
    const last = readdirSync(MIGRATIONS_DIR)
      .map((f) => /^(\d{4})_/.exec(f)?.[1])
      .filter((n) => n !== undefined)
      .map(Number)
      .reduce((a, b) => Math.max(a, b), -1);
    const file = join(MIGRATIONS_DIR, `${String(last + 1).padStart(4, '0')}_${name ?? ''}.sql`);
    writeFileSync(file, `${statements.join('\n--> statement-breakpoint\n')}\n`);
    for (const w of diff.warnings) console.warn(`warning: ${w}`);
    console.log(`Wrote ${file} (${statements.length} statements).`);
  }
} finally {
  await database.close();
}
