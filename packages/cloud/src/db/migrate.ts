/**
 * Applies the SQL files of src/db/migrations in name order, each once, inside one transaction under an advisory
 * lock (so several cloud instances starting together migrate once). The same SQL runs on PGlite and PostgreSQL.
 * A file is split into statements at `--> statement-breakpoint` lines (the drizzle-kit convention).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The folder of the migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Bookkeeping table of applied migrations (kept out of schema/index.ts: no migration creates it). */
export const MIGRATIONS_TABLE = 'schema_migrations';
/** The bookkeeping table as drizzle sees it. */
export const appliedMigrations = pgTable(MIGRATIONS_TABLE, {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
const FILE_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;
const BREAKPOINT = /^\s*--> statement-breakpoint\s*$/m;
/** Arbitrary constant shared by every instance: the advisory lock key of the migrator. */
const LOCK_KEY = 7_305_001;

/** One migration file. */
export interface Migration {
  readonly name: string;
  readonly hash: string;
  readonly statements: readonly string[];
}

/** The migration files of a folder, in the order they apply. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_NAME.test(f))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const statements = text
        .split(BREAKPOINT)
        .map((s) => s.trim())
        .filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '');
      return { name, hash: createHash('sha256').update(text).digest('hex'), statements };
    });
}

/** Applies every migration not applied yet; returns the names it applied. Refuses an applied file that changed. */
export async function migrate(db: Db, migrations: readonly Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql.raw(`create table if not exists ${MIGRATIONS_TABLE} (
        name text primary key, hash text not null, applied_at timestamptz not null default now())`),
    );
    const rows = await tx
      .select({ name: appliedMigrations.name, hash: appliedMigrations.hash })
      .from(appliedMigrations);
    const applied = new Map(rows.map((r) => [r.name, r.hash]));
    const done: string[] = [];
    for (const m of migrations) {
      const hash = applied.get(m.name);
      if (hash !== undefined) {
        if (hash !== m.hash) throw new Error(`Migration ${m.name} changed after it was applied; add a new migration`);
        continue;
      }
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.insert(appliedMigrations).values({ name: m.name, hash: m.hash });
      done.push(m.name);
    }
    return done;
  });
}
