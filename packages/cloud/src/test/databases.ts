/**
 * Fresh, migrated databases for tests and benchmarks, without any test runner:
 *
 * - PGlite: starting it runs initdb (seconds), so the first caller migrates one and keeps it in the OS temp folder,
 *   keyed by the PGlite version and the migrations, and every later one starts from that copy: an image (a tarball)
 *   for in-memory test databases, or a data folder for a cloud that keeps PGlite on disk (bench/cloud).
 * - PostgreSQL: a new database is created through an admin URL, migrated by whoever opens it, and dropped afterwards.
 *
 * TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) adds PostgreSQL to the drivers under test, and
 * TEST_DATABASE_DRIVERS=pglite|postgres|pglite,postgres narrows the set, so `npm test` runs the cloud suite on both
 * when CI sets the URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { IN_MEMORY } from '../config';
import { createDb, type Database } from '../db/client';
import { migrate, readMigrations } from '../db/migrate';
import * as schema from '../db/schema/index';

export type TestDriver = 'pglite' | 'postgres';

/** The drivers this run tests against (see the file comment). */
export function testDrivers(env: NodeJS.ProcessEnv = process.env): TestDriver[] {
  const url = env.TEST_DATABASE_URL?.trim();
  const wanted = env.TEST_DATABASE_DRIVERS?.split(',').map((d) => d.trim());
  const drivers: TestDriver[] = wanted?.length
    ? wanted.filter((d): d is TestDriver => d === 'pglite' || d === 'postgres')
    : ['pglite', ...(url ? (['postgres'] as const) : [])];
  if (drivers.includes('postgres') && !url)
    throw new Error('TEST_DATABASE_DRIVERS names postgres but TEST_DATABASE_URL is unset');
  return drivers;
}

/** What a migrated PGlite depends on: its version and the migrations; a change of either makes a new copy. */
function pgliteKey(): string {
  // Its package.json is not exported: read it beside the resolved entry point (dist/…).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return createHash('sha256')
    .update(version)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.hash}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
}

// Made aside and renamed into place: a test file or bench running beside never reads half a copy.
const partialName = (path: string): string => `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;

/** The migrated PGlite image, built once per PGlite version and set of migrations. */
async function pgliteImage(): Promise<Blob> {
  const dir = join(tmpdir(), 'rackside-cloud-test');
  const file = join(dir, `pglite-${pgliteKey()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle({ client, schema }));
    const image = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(dir, { recursive: true });
    const partial = partialName(file);
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A migrated PGlite data folder, made once per PGlite version and set of migrations: copied to DATA_DIR/pglite, it
 * lets a cloud that keeps PGlite on disk start without initdb and with nothing left to migrate. Do not open it in
 * place (it is shared).
 */
export async function migratedPgliteFolder(): Promise<string> {
  const folder = join(tmpdir(), 'rackside-cloud-test', `pglite-${pgliteKey()}`);
  if (!existsSync(folder)) {
    const partial = partialName(folder);
    const database = await createDb({ DATABASE_URL: undefined, DATA_DIR: partial });
    await migrate(database.db);
    await database.close();
    try {
      renameSync(join(partial, 'pglite'), folder);
    } catch {
      // another process made it first
    }
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/** An empty PostgreSQL database named `{prefix}_{pid}_{random}` on the server of `adminUrl`. */
export interface ThrowawayPostgres {
  /** adminUrl with the new database's name. */
  readonly url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** Creates an empty database through `adminUrl` (a role that may create databases); drop() removes it. */
export async function createThrowawayPostgres(adminUrl: string, prefix = 'rackside_test'): Promise<ThrowawayPostgres> {
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/** A new migrated database on the driver; close() discards it. */
export async function createTestDb(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is unset');
    const postgres = await createThrowawayPostgres(adminUrl);
    const database = await createDb({ DATABASE_URL: postgres.url, DATA_DIR: IN_MEMORY });
    await migrate(database.db);
    return {
      ...database,
      close: async () => {
        await database.close();
        await postgres.drop();
      },
    };
  }
  return createDb({ DATABASE_URL: undefined, DATA_DIR: IN_MEMORY }, { pgliteImage: await pgliteImage() });
}
