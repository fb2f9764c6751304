/**
 * A fresh, migrated database for each test file (or each `describeEachDatabase` block), on every driver under test
 * (databases.ts says which, and how the databases are made).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, Db } from '../db/client';
import { createTestDb, testDrivers, type TestDriver } from './databases';

export type { TestDriver } from './databases';

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
