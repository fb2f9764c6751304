/**
 * A fresh, migrated database for each test file (or each `describeEachDatabase` block), on every driver under test:
 *
 * - PGlite in memory, always. Starting PGlite runs initdb (seconds); so the first file migrates one and saves its
 *   data directory as an image in the OS temp folder, keyed by the PGlite version and the migrations, and every
 *   other file starts from that image (half a second).
 * - PostgreSQL, when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test): a new database named
 *   rackside_test_* is created through that URL, migrated, and dropped afterwards.
 *
 * TEST_DATABASE_DRIVERS=pglite|postgres|pglite,postgres narrows the set (default: pglite, plus postgres when the URL
 * is set), so `npm test` runs the cloud suite on both when CI sets TEST_DATABASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { IN_MEMORY } from '../config';
import { createDb, type Database, type Db } from '../db/client';
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

/** The migrated PGlite image, built once per PGlite version and set of migrations. */
async function pgliteImage(): Promise<Blob> {
  // Its package.json is not exported: read it beside the resolved entry point (dist/…).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256')
    .update(version)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.hash}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), 'rackside-cloud-test');
  const file = join(dir, `pglite-${key}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle({ client, schema }));
    const image = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a parallel test file never reads half an image.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

async function createPostgresDb(adminUrl: string): Promise<Database> {
  const name = `rackside_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ DATABASE_URL: url.toString(), DATA_DIR: IN_MEMORY });
  await migrate(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A new migrated database on the driver; close() discards it. */
export async function createTestDb(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is unset');
    return createPostgresDb(url);
  }
  return createDb({ DATABASE_URL: undefined, DATA_DIR: IN_MEMORY }, { pgliteImage: await pgliteImage() });
}

/** Opens a test database before the enclosing block's tests and discards it after; returns its getter. */
export function useTestDb(driver: TestDriver = 'pglite'): () => Db {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDb(driver);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (database === undefined) throw new Error('the test database is not open yet (use it inside a test)');
    return database.db;
  };
}

/** `describe(name [driver])` once per driver under test, each block with its own database. */
export function describeEachDatabase(name: string, body: (db: () => Db, driver: TestDriver) => void): void {
  for (const driver of testDrivers()) {
    describe(`${name} [${driver}]`, () => body(useTestDb(driver), driver));
  }
}
